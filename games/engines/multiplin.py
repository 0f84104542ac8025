"""Multiplin: 2-4 players race to make the revealed product from one hand card and one table card.

Rules: docs/games.md section 3; API: docs/engine-contract.md. There are no turns. A round
runs from the reveal of a product card until the tie window after the first correct solve
closes, every seat has passed, the round timer runs out, or (auto-skip) nobody can solve.

State keys (plain JSON): `hands` (list per seat), `table` (8 slots), `factor_deck` and
`product_deck` (top first), `product` (the revealed card; null once the game is over),
`round`, `dealer`, `round_started_ms`, `skip_at_ms` (auto-skip time, or null when some seat
can solve), `solves` (correct solves this round, in arrival order), `passed` (sorted seats),
`locked_until_ms` (per seat; an expired lock-out is cleared at the next call), `now_ms` (the
time of the last call), `settings`, `rng`, and the common `game`, `players`, `phase`,
`result`, `mistakes`.

Edge cases, as implemented:
- Refills never run short: the used table cards go to the bottom of the factor deck before the
  emptied slots are refilled from the top, so the deck always holds at least as many cards as
  there are emptied slots. Should it ever be empty all the same, the slot stays empty (null)
  and is never offered as a solution.
- Two winners on the same table card use that one card: it goes to the bottom once and its
  slot is refilled once; each winner discards their own hand card.
- Several winners emptying their hands in one round all win together (`empty_hand`).
- A seat that has passed may still solve (a pass is a vote to skip the card); a correct solve
  withdraws its pass. A seat that has solved may not pass (`already_solved`), so "every seat
  has passed" never happens in a round that has a winner.
- A lock-out is a span of time: it carries over into the next round if that starts first.
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
    copy_state,
    is_int,
    require,
)
from games.engines.focus import FocusRange, factor_weights, focus_rng, reweight_cards, rules_words, weighted_pick
from games.engines.multiplin_definition import DEFINITION

TABLE_SLOTS = 8
FACTOR_CARDS = [value for value in range(1, 11) for _ in range(4)]
PRODUCT_CARDS = [a * b for a in range(1, 11) for b in range(a, 11)]
# With a focus, these shares of the two decks are redealt: product cards as focus products, factor
# cards as the focus facts' factors.
FOCUS_PRODUCT_SHARE = 0.3
FOCUS_FACTOR_SHARE = 0.3
FOCUS_RANGE = FocusRange(
    fits=lambda a, b: a >= 1 and b <= 10, what="its cards go from 1 to 10, so its facts are 1 x 1 to 10 x 10")
ACTION_FIELDS = {"solve": frozenset({"type", "round", "hand", "table"}), "pass": frozenset({"type", "round"})}

DEFAULTS: dict[str, Any] = {
    name: DEFINITION.default(name)
    for name in ("hand_size", "lockout_ms", "tie_window_ms", "round_time_s", "auto_skip", "skip_after_ms")
}


def _seconds(ms: int) -> str:
    return f"{ms / 1000:g}"


# The rules page states the defaults; a teacher's changes show in the "In this match" list.
_HAND = DEFAULTS["hand_size"]
_LOCKOUT_S = _seconds(DEFAULTS["lockout_ms"])
_TIE_S = _seconds(DEFAULTS["tie_window_ms"])
_ROUND_S = DEFAULTS["round_time_s"]
_SKIP_S = _seconds(DEFAULTS["skip_after_ms"])


RULES_SUMMARY = f"""\
{DEFINITION.title} ({DEFINITION.min_players} to {DEFINITION.max_players} players, no turns: everybody plays at once)

Cards: a factor deck (the numbers 1 to 10, four of each: 40 cards) and a product deck
(every product a x b with 1 <= a <= b <= 10: 55 cards).

Start: a dealer is picked at random. Both decks are shuffled. Everybody gets {_HAND} factor cards
in their hand, and 8 factor cards are laid face up on the table in two rows of four.

A round:
1. The player on the left of the last dealer becomes the dealer.
2. The top product card is turned over.
3. Everybody races: pick one card from your own hand and one card on the table whose
   product is the product card. Example: the card shows 42, you hold a 6 and the table has
   a 7, because 6 x 7 = 42.
4. The first correct answer wins the round.

When a round is won: the winners put the hand card they used away, the used cards go to the
bottom of their decks, and the empty table places get new cards from the factor deck. Anyone
whose hand is now empty wins the game (several players can win together).

House rules (this app):
- Wrong answer: the cards go back and you must wait {_LOCKOUT_S} seconds before you try again, so
  guessing does not pay. Every try, right or wrong, is saved for your teacher's report.
- Ties: every correct answer that arrives within {_TIE_S} seconds of the first one also wins,
  even on the same table card. Each player can win a round only once.
- Pass: press pass when you see no answer. You can still answer after passing. When every
  player has passed, the card is put away and a new one is turned over.
- Round timer: after {_ROUND_S} seconds without an answer the card is put away.
- Auto-skip: when nobody at all can make the product, the card is put away after
  {_SKIP_S} seconds, so you still get a look at it.
- A teacher may change the hand size, the waiting time, the tie window, the round timer
  and the auto-skip.
""" + rules_words(
    "Here both decks keep their sizes, but some product cards are swapped for the products of the\n"
    "focus facts, and some factor cards for their factors, so those facts come up more often."
)


def _clone(state: State) -> State:
    """A copy of a Multiplin state, specialised for speed (the shape is known)."""
    new = dict(state)
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["table"] = list(state["table"])
    new["factor_deck"] = list(state["factor_deck"])
    new["product_deck"] = list(state["product_deck"])
    new["solves"] = [dict(solve) for solve in state["solves"]]
    new["passed"] = list(state["passed"])
    new["locked_until_ms"] = list(state["locked_until_ms"])
    new["mistakes"] = list(state["mistakes"])
    new["settings"] = dict(state["settings"])
    new["result"] = copy_state(state["result"])
    return new


def _can_solve(hand: list[int], table: list[int | None], product: int) -> bool:
    present = {card for card in table if card is not None}
    return any(product % card == 0 and product // card in present for card in hand)


def focus_decks(factor_deck: list[int], product_deck: list[int], focus: tuple[tuple[int, int], ...], seed: int,
                *, factors_given: bool, products_given: bool) -> tuple[list[int], list[int]]:
    """The shuffled decks with a share of their cards swapped for focus cards: products of focus facts
    (each fact as likely as the next) and their factors (in proportion to how many focus facts each
    takes part in). The same sizes; every card still a card of the game (1..10, a x b)."""
    rng = focus_rng(seed)
    if not factors_given:
        weights = factor_weights(focus, tuple(range(1, 11)))
        factor_deck = reweight_cards(factor_deck, share=FOCUS_FACTOR_SHARE, pick=lambda: weighted_pick(rng, weights),
                                     rng=rng)
    if not products_given:
        products = [a * b for a, b in focus]
        product_deck = reweight_cards(product_deck, share=FOCUS_PRODUCT_SHARE, pick=lambda: rng.choice(products),
                                      rng=rng)
    return factor_deck, product_deck


def _int_option(options: dict, key: str, low: int) -> int:
    value = options.get(key, DEFAULTS[key])
    require(is_int(value) and value >= low, "bad_options", f"{key} must be an integer >= {low}")
    return value


def _deck_option(options: dict, key: str) -> list[int] | None:
    if key not in options or options[key] is None:
        return None
    deck = options[key]
    require(
        isinstance(deck, list) and all(is_int(card) and card >= 1 for card in deck),
        "bad_options",
        f"{key} must be a list of positive integers, top first",
    )
    return list(deck)


class Multiplin(Engine):
    definition = DEFINITION
    slug = DEFINITION.slug
    title = DEFINITION.title
    min_players = DEFINITION.min_players
    max_players = DEFINITION.max_players
    rules_summary = RULES_SUMMARY

    def focus_range(self, options: dict) -> FocusRange:
        return FOCUS_RANGE

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, options: dict | None = None, seed: int = 0, now_ms: int = 0) -> State:
        options = {} if options is None else options
        require(isinstance(options, dict), "bad_options", "options must be an object")
        require(
            is_int(players) and self.min_players <= players <= self.max_players,
            "bad_options",
            "Multiplin is for 2 to 4 players",
        )
        require(is_int(seed), "bad_options", "the seed must be an integer")
        require(is_int(now_ms), "bad_options", "now_ms must be an integer")
        settings = {
            "hand_size": _int_option(options, "hand_size", 1),
            "lockout_ms": _int_option(options, "lockout_ms", 0),
            "tie_window_ms": _int_option(options, "tie_window_ms", 0),
            "skip_after_ms": _int_option(options, "skip_after_ms", 1),
        }
        round_time_s = options.get("round_time_s", DEFAULTS["round_time_s"])
        require(
            round_time_s is None or (is_int(round_time_s) and round_time_s >= 1),
            "bad_options",
            "round_time_s must be a positive integer (or null for no round timer)",
        )
        settings["round_time_s"] = round_time_s
        auto_skip = options.get("auto_skip", DEFAULTS["auto_skip"])
        require(isinstance(auto_skip, bool), "bad_options", "auto_skip must be true or false")
        settings["auto_skip"] = auto_skip
        dealer = options.get("dealer")
        require(
            dealer is None or (is_int(dealer) and 0 <= dealer < players),
            "bad_options",
            "dealer must be a seat number",
        )
        factor_deck = _deck_option(options, "factor_deck")
        product_deck = _deck_option(options, "product_deck")

        # Randomness, always drawn in the same order so that giving one option does not
        # change the others: the starting dealer, then the factor deck, then the product deck.
        rng = Rng.from_seed(seed)
        drawn_dealer = rng.below(players)
        if factor_deck is None:
            factor_deck = list(FACTOR_CARDS)
            rng.shuffle(factor_deck)
        if product_deck is None:
            product_deck = list(PRODUCT_CARDS)
            rng.shuffle(product_deck)
        focus = self.setup_focus(options)
        if focus:
            # Only decks the engine dealt itself: a deck given as an option is dealt as given.
            factor_deck, product_deck = focus_decks(
                factor_deck, product_deck, focus, seed,
                factors_given=options.get("factor_deck") is not None,
                products_given=options.get("product_deck") is not None)
        hand_size = settings["hand_size"]
        require(
            len(factor_deck) >= players * hand_size + TABLE_SLOTS,
            "bad_options",
            f"the factor deck needs at least {players * hand_size + TABLE_SLOTS} cards",
        )
        require(len(product_deck) >= 1, "bad_options", "the product deck is empty")

        hands = [factor_deck[seat * hand_size:(seat + 1) * hand_size] for seat in range(players)]
        dealt = players * hand_size
        table: list[int | None] = list(factor_deck[dealt:dealt + TABLE_SLOTS])  # None: a slot the deck could not refill
        state: State = {
            "game": self.slug,
            "players": players,
            "phase": "round",
            "result": None,
            "mistakes": [0] * players,
            "settings": settings,
            "rng": rng.state,
            "hands": hands,
            "table": table,
            "factor_deck": factor_deck[dealt + TABLE_SLOTS:],
            "product_deck": product_deck,
            "product": None,
            "round": 0,
            # The dealer before the first round; _start_round passes it to the left.
            "dealer": drawn_dealer if dealer is None else dealer,
            "round_started_ms": now_ms,
            "skip_at_ms": None,
            "solves": [],
            "passed": [],
            "locked_until_ms": [None] * players,
            "now_ms": now_ms,
        }
        self._start_round(state, now_ms, [])
        return state

    # ------------------------------------------------------------ transitions
    def _start_round(self, state: State, now_ms: int, events: list[dict]) -> None:
        players = state["players"]
        state["round"] += 1
        state["dealer"] = (state["dealer"] + 1) % players
        product = state["product_deck"].pop(0)
        state["product"] = product
        state["round_started_ms"] = now_ms
        state["solves"] = []
        state["passed"] = []
        settings = state["settings"]
        skip_at = None
        if settings["auto_skip"]:
            table = state["table"]
            if not any(_can_solve(hand, table, product) for hand in state["hands"]):
                skip_at = now_ms + settings["skip_after_ms"]
        state["skip_at_ms"] = skip_at
        events.append({"type": "round_started", "round": state["round"], "dealer": state["dealer"],
                       "product": product, "at_ms": now_ms})

    def _end_unsolved(self, state: State, now_ms: int, reason: str, events: list[dict]) -> None:
        state["product_deck"].append(state["product"])
        events.append({"type": "round_unsolved", "round": state["round"], "product": state["product"],
                       "reason": reason, "at_ms": now_ms})
        self._start_round(state, now_ms, events)

    def _settle_won(self, state: State, now_ms: int, events: list[dict]) -> None:
        hands, table = state["hands"], state["table"]
        by_seat = sorted(state["solves"], key=lambda solve: solve["seat"])
        winners = [solve["seat"] for solve in by_seat]
        hand_cards = [hands[solve["seat"]].pop(solve["hand"]) for solve in by_seat]
        slots = sorted({solve["table"] for solve in by_seat})
        table_cards = [table[slot] for slot in slots]
        deck = state["factor_deck"]
        state["product_deck"].append(state["product"])
        deck.extend(hand_cards)
        deck.extend(table_cards)
        for slot in slots:
            table[slot] = deck.pop(0) if deck else None
        events.append({"type": "round_won", "round": state["round"], "product": state["product"],
                       "winners": winners, "hand_cards": hand_cards, "table_slots": slots,
                       "table_cards": table_cards, "at_ms": now_ms})
        empty = [seat for seat in range(state["players"]) if not hands[seat]]
        if empty:
            state["result"] = {"winners": empty, "reason": "empty_hand"}
            state["product"] = None
            state["solves"] = []
            state["passed"] = []
            state["skip_at_ms"] = None
            events.append({"type": "game_over", "winners": empty, "reason": "empty_hand"})
        else:
            self._start_round(state, now_ms, events)

    def _round_end(self, state: State) -> tuple[int | None, str]:
        """When the current round ends by time, and why (window, timer or auto_skip)."""
        solves = state["solves"]
        settings = state["settings"]
        if solves:
            return solves[0]["at_ms"] + settings["tie_window_ms"], "window"
        due, why = None, "timer"
        if settings["round_time_s"] is not None:
            due = state["round_started_ms"] + settings["round_time_s"] * 1000
        skip_at = state["skip_at_ms"]
        if skip_at is not None and (due is None or skip_at < due):
            due, why = skip_at, "auto_skip"
        return due, why

    def _advance(self, state: State, now_ms: int) -> list[dict]:
        """Perform, on a state we own, every transition due at or before now_ms."""
        events: list[dict] = []
        while state["result"] is None:
            due, why = self._round_end(state)
            if due is None or due > now_ms:
                break
            if why == "window":
                self._settle_won(state, now_ms, events)
            else:
                self._end_unsolved(state, now_ms, why, events)
        locks = state["locked_until_ms"]
        for seat, until in enumerate(locks):
            if until is not None and until <= now_ms:
                locks[seat] = None
        state["now_ms"] = now_ms
        return events

    # -------------------------------------------------------------- contract
    def tick(self, state: State, now_ms: int) -> Outcome:
        new = _clone(state)
        events = self._advance(new, now_ms)
        return Outcome(new, events, [])

    def deadline(self, state: State) -> int | None:
        if state["result"] is not None:
            return None
        return self._round_end(state)[0]

    def apply(self, state: State, seat: int, action: Action, now_ms: int) -> Outcome:
        self.check_seat(state, seat)
        new = _clone(state)
        events = self._advance(new, now_ms)
        require(new["result"] is None, "game_over", "the game is over")
        kind = self.check_action_shape(action, ACTION_FIELDS)
        round_number = action.get("round")
        if kind == "solve":
            hand_index, slot = action.get("hand"), action.get("table")
            if not (is_int(round_number) and is_int(hand_index) and is_int(slot)):
                raise IllegalAction("bad_action", "solve needs integer round, hand and table")
            return self._solve(new, seat, round_number, hand_index, slot, now_ms, events)
        if not is_int(round_number):
            raise IllegalAction("bad_action", "pass needs an integer round")
        return self._pass(new, seat, round_number, now_ms, events)

    def _check_round(self, state: State, seat: int, round_number: int) -> None:
        require(round_number == state["round"], "stale_round",
                f"round {round_number} is over; this is round {state['round']}")
        require(all(solve["seat"] != seat for solve in state["solves"]), "already_solved",
                "you have already solved this round")

    def _solve(self, state: State, seat: int, round_number: int, hand_index: int, slot: int,
               now_ms: int, events: list[dict]) -> Outcome:
        self._check_round(state, seat, round_number)
        until = state["locked_until_ms"][seat]
        require(until is None or now_ms >= until, "locked_out", "wait a moment after a wrong try")
        hand, table = state["hands"][seat], state["table"]
        require(0 <= hand_index < len(hand), "bad_card", "no such card in your hand")
        require(0 <= slot < TABLE_SLOTS and table[slot] is not None, "bad_card", "no card in that table slot")
        a, b, product = hand[hand_index], table[slot], state["product"]
        correct = a * b == product
        record = attempt(seat=seat, kind="multiply", a=a, b=b, answer=product, correct=correct,
                         think_ms=max(0, now_ms - state["round_started_ms"]),
                         fact=[min(a, b), max(a, b)])
        if correct:
            state["solves"].append({"seat": seat, "hand": hand_index, "table": slot, "at_ms": now_ms})
            if seat in state["passed"]:
                state["passed"].remove(seat)
            events.append({"type": "solved", "seat": seat, "round": state["round"], "hand": hand_index,
                           "table": slot, "tie": len(state["solves"]) > 1, "at_ms": now_ms})
        else:
            state["mistakes"][seat] += 1
            lockout = state["settings"]["lockout_ms"]
            state["locked_until_ms"][seat] = now_ms + lockout if lockout > 0 else None
            events.append({"type": "mistake", "seat": seat, "round": state["round"],
                           "locked_until_ms": state["locked_until_ms"][seat]})
        return Outcome(state, events, [record])

    def _pass(self, state: State, seat: int, round_number: int, now_ms: int,
              events: list[dict]) -> Outcome:
        self._check_round(state, seat, round_number)
        passed = state["passed"]
        if seat in passed:
            return Outcome(state, events, [])
        passed.append(seat)
        passed.sort()
        events.append({"type": "passed", "seat": seat, "round": state["round"]})
        if len(passed) == state["players"]:
            self._end_unsolved(state, now_ms, "all_passed", events)
        return Outcome(state, events, [])

    def to_move(self, state: State) -> list[int]:
        if state["result"] is not None:
            return []
        solved = {solve["seat"] for solve in state["solves"]}
        return [seat for seat in range(state["players"]) if seat not in solved]

    def view(self, state: State, seat: int | None) -> dict:
        if seat is not None:
            self.check_seat(state, seat)
        view = self.common_view(state, seat)
        view.update(
            hand=None if seat is None else list(state["hands"][seat]),
            hand_sizes=[len(hand) for hand in state["hands"]],
            table=list(state["table"]),
            product=state["product"],
            round=state["round"],
            dealer=state["dealer"],
            factor_deck_count=len(state["factor_deck"]),
            product_deck_count=len(state["product_deck"]),
            passed=list(state["passed"]),
            solvers=[solve["seat"] for solve in state["solves"]],
            locked_until_ms=list(state["locked_until_ms"]),
            # Nobody at the table can make this card (auto_skip): the board says so kindly while the
            # skip counts down. It tells no seat anything about another's hand beyond "nobody can".
            unsolvable=state["skip_at_ms"] is not None,
        )
        return view

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["result"] is not None or not (is_int(seat) and 0 <= seat < state["players"]):
            return []
        if any(solve["seat"] == seat for solve in state["solves"]):
            return []
        round_number = state["round"]
        actions: list[Action] = []
        # A lock-out still set was not over at the state's time (expired ones are cleared).
        if state["locked_until_ms"][seat] is None:
            product, table = state["product"], state["table"]
            for hand_index, card in enumerate(state["hands"][seat]):
                if product % card:
                    continue
                wanted = product // card
                for slot, on_table in enumerate(table):
                    if on_table == wanted:
                        actions.append({"type": "solve", "round": round_number, "hand": hand_index,
                                        "table": slot})
        actions.append({"type": "pass", "round": round_number})
        return actions
