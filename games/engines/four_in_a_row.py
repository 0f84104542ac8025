"""Four-in-a-Row Multiplication (docs/games.md section 2; docs/engine-contract.md).

Two players take turns. A turn is a *play* (two hand cards multiplied, a marker on a free
square showing that product) or a *discard* of two cards; then the player draws two. Runs of
four or more of one player's markers score L - 3 tokens and are removed.

State keys (plain JSON): game, players, phase, result, mistakes, board, markers, hands, deck
(top first), discard, rng, turn, turn_started_ms, scores, discards_in_a_row, target_score,
time_limit_ms, strict. Secrets (hands, deck, discard, rng) never reach a view.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import (
    Action,
    Engine,
    IllegalAction,
    Outcome,
    Rng,
    State,
    attempt,
    cell_of,
    copy_state,
    is_int,
    require,
)
from games.engines.focus import FocusRange, focus_rng, rules_words
from games.engines.four_in_a_row_definition import DEFAULT_TARGET, DEFINITION
from games.engines.option_check import in_range

SIZE = 8
FACTORS = tuple(range(2, 10))
WILD = "W"
HAND_SIZE = 3
DRAW = 2
STALEMATE_DISCARDS = 6
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
TARGET_SCORE = DEFINITION.option("target_score")
# With a focus, this share of the number cards is redealt as focus facts' cards, in pairs (the wild cards stay).
FOCUS_SHARE = 0.4
# ... and this share of the board's other squares shows a focus product.
FOCUS_BOARD_SHARE = 0.15
FOCUS_RANGE = FocusRange(
    fits=lambda a, b: a >= 2 and b <= 9, what="the cards go from 2 to 9, so its facts are 2 x 2 to 9 x 9")
ACTION_FIELDS = {"play": frozenset({"type", "cards", "values", "cell"}), "discard": frozenset({"type", "cards"})}


def standard_products() -> list[int]:
    """The 64 ordered products a x b, a and b in 2..9, in (a, b) order."""
    return [a * b for a in FACTORS for b in FACTORS]


def standard_deck() -> list[int | str]:
    """Four cards of each value 2..9 and two wild cards: 34 cards, unshuffled."""
    return [value for value in FACTORS for _ in range(4)] + [WILD, WILD]


def is_card(card: Any) -> bool:
    return card == WILD if isinstance(card, str) else is_int(card) and 2 <= card <= 9


def run_cells(markers: list[list[int | None]], row: int, col: int, seat: int) -> list[list[tuple[int, int]]]:
    """For each direction, the unbroken run of `seat`'s markers through (row, col), the cell included.

    (row, col) is treated as holding `seat`'s marker whatever the grid says.
    """
    rows, cols = len(markers), len(markers[0])
    runs = []
    for dr, dc in DIRECTIONS:
        cells = [(row, col)]
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < rows and 0 <= c < cols and markers[r][c] == seat:
                cells.append((r, c))
                r, c = r + sign * dr, c + sign * dc
        runs.append(cells)
    return runs


def tokens_for(markers: list[list[int | None]], row: int, col: int, seat: int) -> tuple[int, set]:
    """Tokens a marker of `seat` at (row, col) would score, and the cells that would be removed."""
    tokens, removed = 0, set()
    for cells in run_cells(markers, row, col, seat):
        if len(cells) >= 4:
            tokens += len(cells) - 3
            removed.update(cells)
    return tokens, removed


RULES = f"""\
Four-in-a-Row Multiplication (2 players)

The board has 8 x 8 squares. Each square shows one times-table answer a x b for a and b from
2 to 9, so every fact is on the board once (16 is there three times: 2x8, 8x2 and 4x4). The
squares are mixed up, so you have to look for your answer.

The cards: four each of 2, 3, 4, 5, 6, 7, 8 and 9, and two wild cards (W). Each player gets
three cards.

On your turn do ONE of these:
  * Play: pick two of your cards, multiply them, and put your marker on a free square that
    shows the answer. A wild card can be any number from 2 to 9 - you choose.
  * Discard: put two cards on the discard pile without playing. You may always do this.
Then take two new cards. When the deck is empty, the discard pile is shuffled to make a new deck.

Scoring: four of your markers in a line (across, down or diagonal, no gaps) win you 1 token
and are taken off the board. A line of 5 wins 2 tokens, a line of 6 wins 3. If one marker
makes lines in two directions at once, both lines count.

The first player to get {DEFAULT_TARGET} tokens wins (your teacher may choose another number).

House rules:
  * If the square you pick is not the answer to your two cards, that is a mistake: your cards
    stay in your hand, the square stays free, and you try again. (In strict games a mistake
    ends your turn and you take no new cards.)
  * If there is a time limit and your time runs out, you miss that turn and take no new cards.
  * If there are six discards in a row (three by each player), the game ends: the player with
    more tokens wins, and equal tokens is a draw.
  * The board and the cards above are our own choice; the original game did not list them.
""" + rules_words(
    "Here the deck still has 34 cards, two of them wild, but some pairs of number cards are swapped\n"
    "for the two numbers of a focus fact, so you often draw both together, and some squares of the\n"
    "board show a focus fact's answer instead of another answer, so there is room to play it."
)


class FourInARow(Engine):
    definition = DEFINITION
    slug = DEFINITION.slug
    title = DEFINITION.title
    min_players = DEFINITION.min_players
    max_players = DEFINITION.max_players
    rules_summary = RULES

    def focus_range(self, options: dict) -> FocusRange:
        return FOCUS_RANGE

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, options: dict | None = None, seed: int = 0, now_ms: int = 0) -> State:
        options = {} if options is None else options
        require(isinstance(options, dict), "bad_options", "options must be an object")
        require(is_int(players) and players == 2, "bad_options", "Four-in-a-Row is for 2 players")
        require(is_int(seed), "bad_options", "seed must be an integer")
        require(is_int(now_ms), "bad_options", "now_ms must be an integer")

        # Draw everything from the seed in a fixed order, whatever the options override,
        # so one seed gives the same board whether or not a deck is given (and so on).
        rng = Rng.from_seed(seed)
        products = standard_products()
        rng.shuffle(products)
        deck: list[int | str] = standard_deck()
        rng.shuffle(deck)
        first_seat = rng.below(2)

        board = [products[row * SIZE:(row + 1) * SIZE] for row in range(SIZE)]
        if options.get("board") is not None:
            board = self._board_option(options["board"])
        focus = self.setup_focus(options)
        if options.get("deck") is not None:
            deck = self._deck_option(options["deck"])
        elif focus:
            deck = focus_deck(deck, focus, seed)
        if focus and options.get("board") is None:
            board = focus_board(board, focus, seed)
        if options.get("first_seat") is not None:
            first_seat = options["first_seat"]
            require(is_int(first_seat) and 0 <= first_seat < 2, "bad_options", "first_seat must be 0 or 1")
        target = options.get("target_score", DEFAULT_TARGET)
        require(
            is_int(target) and in_range(TARGET_SCORE, target),
            "bad_options",
            f"target_score must be {TARGET_SCORE.minimum}..{TARGET_SCORE.maximum}",
        )
        limit = options.get("time_limit_s")
        if limit is not None:
            require(
                (is_int(limit) or isinstance(limit, float)) and 0 < limit <= 24 * 3600,
                "bad_options",
                "time_limit_s must be a positive number of seconds",
            )
            limit = round(limit * 1000)
            require(limit > 0, "bad_options", "time_limit_s is too small")
        strict = options.get("strict", False)
        require(isinstance(strict, bool), "bad_options", "strict must be true or false")

        hands = [deck[0:HAND_SIZE], deck[HAND_SIZE:2 * HAND_SIZE]]
        deck = deck[2 * HAND_SIZE:]
        return {
            "game": self.slug,
            "players": 2,
            "phase": "play",
            "result": None,
            "mistakes": [0, 0],
            "board": board,
            "markers": [[None] * len(board[0]) for _ in board],
            "hands": hands,
            "deck": deck,
            "discard": [],
            "rng": rng.state,
            "turn": first_seat,
            "turn_started_ms": now_ms,
            "scores": [0, 0],
            "discards_in_a_row": 0,
            "target_score": target,
            "time_limit_ms": limit,
            "strict": strict,
        }

    @staticmethod
    def _board_option(board: Any) -> list[list[int]]:
        require(
            isinstance(board, list)
            and len(board) == SIZE
            and all(isinstance(row, list) and len(row) == SIZE for row in board),
            "bad_options",
            "board must be 8 rows of 8 numbers",
        )
        require(
            all(is_int(value) and value > 0 for row in board for value in row),
            "bad_options",
            "board squares must be positive integers",
        )
        return [list(row) for row in board]

    @staticmethod
    def _deck_option(deck: Any) -> list[int | str]:
        require(isinstance(deck, list), "bad_options", "deck must be a list of cards")
        require(all(is_card(card) for card in deck), "bad_options", 'deck cards must be 2..9 or "W"')
        require(len(deck) >= 2 * HAND_SIZE, "bad_options", "deck must hold at least 6 cards")
        return list(deck)

    # ------------------------------------------------------------------ time
    def deadline(self, state: State) -> int | None:
        if state["result"] is not None or state["time_limit_ms"] is None:
            return None
        return state["turn_started_ms"] + state["time_limit_ms"]

    def _advance(self, state: State, now_ms: int, events: list[dict]) -> State:
        """Every timeout due at or before now_ms; returns `state` itself when nothing is due."""
        due = self.deadline(state)
        while due is not None and due <= now_ms:
            seat = state["turn"]
            state = dict(state)
            state["turn"] = 1 - seat
            state["turn_started_ms"] = now_ms
            state["discards_in_a_row"] = 0
            events.append({"type": "timeout", "seat": seat})
            events.append({"type": "turn", "seat": 1 - seat})
            due = self.deadline(state)
        return state

    def tick(self, state: State, now_ms: int) -> Outcome:
        events: list[dict] = []
        new = self._advance(state, now_ms, events)
        return Outcome(state=copy_state(new) if new is state else new, events=events)

    # ------------------------------------------------------------------ actions
    def apply(self, state: State, seat: int, action: Action, now_ms: int) -> Outcome:
        self.check_seat(state, seat)
        require(is_int(now_ms), "bad_action", "now_ms must be an integer")
        events: list[dict] = []
        current = self._advance(state, now_ms, events)
        require(current["result"] is None, "game_over", "the game is over")
        # Refusal order (docs/engine-contract.md, "Which refusal comes first"): the action's form, whose turn,
        # then the cards (and their values), then the square.
        kind = self.check_action_shape(action, ACTION_FIELDS)
        first, second = self._card_indices(action)
        if kind == "play":
            markers = current["markers"]
            row, col = cell_of(action, len(markers), len(markers[0]))
            values = self._value_claims(action)
        require(current["turn"] == seat, "not_your_turn", "it is not your turn")
        hand = current["hands"][seat]
        require(0 <= first < len(hand) and 0 <= second < len(hand), "bad_card", "no such card in your hand")
        require(first != second, "bad_card", "choose two different cards")
        if kind == "discard":
            return self._discard(current, seat, first, second, now_ms, events)
        a, b = self._values_of(values, hand[first], hand[second])
        require(markers[row][col] is None, "cell_taken", "that square already has a marker")
        return self._play(current, seat, first, second, a, b, row, col, now_ms, events)

    @staticmethod
    def _card_indices(action: Action) -> tuple[int, int]:
        cards = action.get("cards")
        if not (isinstance(cards, list) and len(cards) == 2 and all(is_int(i) for i in cards)):
            raise IllegalAction("bad_action", "cards must be two hand indices")
        return cards[0], cards[1]

    @staticmethod
    def _value_claims(action: Action) -> list:
        """The play's `values` as sent: two numbers (or nulls), or [None, None] when left out."""
        values = action.get("values")
        if values is None:
            return [None, None]
        require(isinstance(values, list) and len(values) == 2, "bad_action", "values must be two numbers")
        require(all(value is None or is_int(value) for value in values), "bad_action",
                "a card value must be a number")
        return values

    @staticmethod
    def _values_of(values: list, card_a: int | str, card_b: int | str) -> tuple[int, int]:
        out = []
        for card, value in zip((card_a, card_b), values, strict=True):
            if card == WILD:
                require(value is not None, "bad_card", "give the wild card a value from 2 to 9")
                require(2 <= value <= 9, "bad_card", "a wild card is worth 2 to 9")
                out.append(value)
            else:
                require(value is None or value == card, "bad_card", "that card has another value")
                out.append(card)
        return out[0], out[1]

    def _begin_turn(self, new: State, seat: int, now_ms: int, events: list[dict]) -> None:
        new["turn"] = 1 - seat
        new["turn_started_ms"] = now_ms
        events.append({"type": "turn", "seat": 1 - seat})

    def _draw(self, new: State, seat: int, events: list[dict]) -> None:
        """Move the played cards' replacements into the hand; the caller has copied hands/deck/discard."""
        hand, deck = new["hands"][seat], new["deck"]
        for _ in range(DRAW):
            if not deck:
                if not new["discard"]:
                    break  # cannot happen with at least 6 cards, but never loop on nothing
                rng = Rng(new["rng"])
                pile = new["discard"]
                rng.shuffle(pile)
                new["rng"] = rng.state
                deck.extend(pile)
                new["discard"] = []
                events.append({"type": "reshuffle", "count": len(deck)})
            hand.append(deck.pop(0))
        events.append({"type": "draw", "seat": seat, "count": DRAW})

    def _spend(self, state: State, seat: int, first: int, second: int) -> tuple[State, list]:
        """A new state with cards `first` and `second` of `seat` moved to the discard pile."""
        new = dict(state)
        hands = [list(h) for h in state["hands"]]
        hand = hands[seat]
        spent = [hand[first], hand[second]]
        for index in sorted((first, second), reverse=True):
            del hand[index]
        new["hands"] = hands
        new["deck"] = list(state["deck"])
        new["discard"] = state["discard"] + spent
        return new, spent

    def _discard(self, state, seat, first, second, now_ms, events) -> Outcome:
        new, _spent = self._spend(state, seat, first, second)
        events.append({"type": "discard", "seat": seat, "count": 2})
        self._draw(new, seat, events)
        new["discards_in_a_row"] = state["discards_in_a_row"] + 1
        if new["discards_in_a_row"] >= STALEMATE_DISCARDS:
            scores = new["scores"]
            winners = [] if scores[0] == scores[1] else [0 if scores[0] > scores[1] else 1]
            self._finish(new, winners, "stalemate", events)
        else:
            self._begin_turn(new, seat, now_ms, events)
        return Outcome(state=new, events=events)

    def _play(self, state, seat, first, second, a, b, row, col, now_ms, events) -> Outcome:
        square = state["board"][row][col]
        correct = a * b == square
        record = attempt(
            seat=seat,
            kind="multiply",
            a=a,
            b=b,
            answer=square,
            correct=correct,
            think_ms=max(0, now_ms - state["turn_started_ms"]),
            fact=[min(a, b), max(a, b)],
        )
        if not correct:
            new = dict(state)
            mistakes = list(state["mistakes"])
            mistakes[seat] += 1
            new["mistakes"] = mistakes
            events.append(
                {"type": "mistake", "seat": seat, "a": a, "b": b, "answer": square, "cell": [row, col]}
            )
            if state["strict"]:
                new["discards_in_a_row"] = 0
                self._begin_turn(new, seat, now_ms, events)
            return Outcome(state=new, events=events, attempts=[record])

        new, spent = self._spend(state, seat, first, second)
        markers = [list(r) for r in state["markers"]]
        markers[row][col] = seat
        new["markers"] = markers
        new["discards_in_a_row"] = 0
        events.append(
            {"type": "play", "seat": seat, "cards": spent, "values": [a, b], "cell": [row, col],
             "product": square}
        )
        tokens, removed = tokens_for(markers, row, col, seat)
        if tokens:
            for r, c in removed:
                markers[r][c] = None
            scores = list(state["scores"])
            scores[seat] += tokens
            new["scores"] = scores
            cleared = [list(cell) for cell in sorted(removed)]
            events.append({"type": "score", "seat": seat, "tokens": tokens, "removed": cleared})
            if scores[seat] >= state["target_score"]:
                self._finish(new, [seat], "target_score", events)
                return Outcome(state=new, events=events, attempts=[record])
        self._draw(new, seat, events)
        self._begin_turn(new, seat, now_ms, events)
        return Outcome(state=new, events=events, attempts=[record])

    @staticmethod
    def _finish(new: State, winners: list[int], reason: str, events: list[dict]) -> None:
        new["result"] = {"winners": winners, "reason": reason}
        new["phase"] = "over"
        events.append({"type": "game_over", "winners": list(winners), "reason": reason})

    # ------------------------------------------------------------------ reading
    def view(self, state: State, seat: int | None) -> dict:
        view = self.common_view(state, seat)
        view.update(
            board=[list(row) for row in state["board"]],
            markers=[list(row) for row in state["markers"]],
            hand=None if seat is None else list(state["hands"][seat]),
            hand_sizes=[len(hand) for hand in state["hands"]],
            scores=list(state["scores"]),
            deck_count=len(state["deck"]),
            discard_count=len(state["discard"]),
            target_score=state["target_score"],
        )
        return view

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["result"] is not None or seat != state["turn"]:
            return []
        board, markers = state["board"], state["markers"]
        free: dict[int, list[list[int]]] = {}
        for r, row in enumerate(board):
            marker_row = markers[r]
            for c, value in enumerate(row):
                if marker_row[c] is None:
                    free.setdefault(value, []).append([r, c])
        hand = state["hands"][seat]
        actions: list[Action] = []
        pairs = [(i, j) for i in range(len(hand)) for j in range(i + 1, len(hand))]
        for i, j in pairs:
            for a, b in _value_choices(hand[i], hand[j]):
                for cell in free.get(a * b, ()):
                    actions.append({"type": "play", "cards": [i, j], "values": [a, b], "cell": list(cell)})
        for i, j in pairs:
            actions.append({"type": "discard", "cards": [i, j]})
        return actions


def focus_deck(deck: list[int | str], focus: tuple[tuple[int, int], ...], seed: int) -> list[int | str]:
    """The shuffled deck with FOCUS_SHARE of its number cards replaced by focus facts' factors, a
    fact's two cards side by side (positions 2k and 2k + 1), so that one draw of two cards often brings
    a whole focus fact. Still 34 cards, each 2..9 or wild, the wild cards where they were."""
    rng = focus_rng(seed)
    new = list(deck)
    pairs = [i for i in range(0, len(new) - 1, 2) if WILD not in (new[i], new[i + 1])]
    rng.shuffle(pairs)
    for i in pairs[:round(FOCUS_SHARE * len(pairs))]:
        a, b = rng.choice(focus)
        new[i], new[i + 1] = (a, b) if rng.below(2) else (b, a)
    return new


def focus_board(board: list[list[int]], focus: tuple[tuple[int, int], ...], seed: int) -> list[list[int]]:
    """The shuffled board with FOCUS_BOARD_SHARE of its other squares showing a focus product instead (the
    facts taking turns), so a focus fact finds a free square more often. Still 8 x 8 times-table answers
    of 2..9 x 2..9."""
    rng = focus_rng(seed ^ 0xB0A2D)
    products = [a * b for a, b in focus]
    cells = [(r, c) for r in range(SIZE) for c in range(SIZE) if board[r][c] not in products]
    rng.shuffle(cells)
    new = [list(row) for row in board]
    for i, (r, c) in enumerate(cells[:round(FOCUS_BOARD_SHARE * len(cells))]):
        new[r][c] = products[i % len(products)]
    return new


def _value_choices(card_a: int | str, card_b: int | str) -> list[tuple[int, int]]:
    """The value pairs two cards can stand for; two wild cards give each unordered pair once."""
    if isinstance(card_a, int) and isinstance(card_b, int):
        return [(card_a, card_b)]
    if isinstance(card_b, int):  # card_a is WILD
        return [(x, card_b) for x in FACTORS]
    if isinstance(card_a, int):  # card_b is WILD
        return [(card_a, y) for y in FACTORS]
    return [(x, y) for x in FACTORS for y in FACTORS if x <= y]


__all__ = ["FourInARow", "standard_deck", "standard_products", "tokens_for"]
