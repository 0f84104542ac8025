// The child picks an avatar: a picture and a colour. Shown on first sign-in (no avatar yet) and
// from the home page's "Change my picture".
import { useState, type CSSProperties, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { setMyAvatar } from "../../api/endpoints";
import { queryKeys } from "../../api/queryKeys";
import { useAuth } from "../../auth";
import { AVATAR_COLOURS, AVATAR_PICTURES, Avatar, avatarLabel } from "../../components/Avatar";
import { Button, FormError, useAction } from "../../components/forms";
import { Page } from "../../components/Page";
import { useRovingGrid } from "../../lib/useRovingGrid";

export function AvatarPicker() {
  const { me, setMe } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [picture, setPicture] = useState(me?.avatar?.picture ?? AVATAR_PICTURES[0]!.slug);
  const [colour, setColour] = useState(me?.avatar?.colour ?? AVATAR_COLOURS[0]!.slug);
  const save = useAction(async () => {
    setMe(await setMyAvatar({ picture, colour }));
    void queryClient.invalidateQueries({ queryKey: queryKeys.myClassmates });
    navigate("/home", { replace: true });
  });
  if (!me) return null;
  const first = !me.avatar;
  return (
    <Page title="Choose your picture" heading={first ? <>Hi {me.name}! Choose your picture</> : <>Change your picture</>} className="student avatar-page">
      <p className="lead">It goes next to your name, so everyone knows it is you.</p>
      <div className="avatar-preview">
        <Avatar avatar={{ picture, colour }} size={120} label={`Your picture: ${avatarLabel({ picture, colour })}`} />
        <span className="avatar-preview-name">{me.name}</span>
      </div>
      <h2 id="avatar-pictures">Picture</h2>
      <ChoiceGrid labelledBy="avatar-pictures" className="avatar-grid" choiceClass="avatar-choice" choices={AVATAR_PICTURES}
        chosen={picture} onChoose={setPicture} face={(p) => <Avatar avatar={{ picture: p.slug, colour }} size={64} />} />
      <h2 id="avatar-colours">Colour</h2>
      <ChoiceGrid labelledBy="avatar-colours" className="colour-grid" choiceClass="colour-choice" choices={AVATAR_COLOURS}
        chosen={colour} onChoose={setColour} style={(c) => ({ background: c.hex })} />
      <FormError error={save.error} shownFields={["picture", "colour"]} />
      <p className="actions">
        <Button variant="primary" className="btn-huge" busy={save.busy} busyLabel="Saving…" onClick={() => void save.run()}>
          {first ? "That's me!" : "Save"}
        </Button>
      </p>
    </Page>
  );
}

interface Choice {
  slug: string;
  label: string;
}

/** One radio group of big tiles: arrow keys move (and choose) within it, a single Tab stop. */
function ChoiceGrid<C extends Choice>({ labelledBy, className, choiceClass, choices, chosen, onChoose, face, style }: {
  labelledBy: string;
  className: string;
  choiceClass: string;
  choices: readonly C[];
  chosen: string;
  onChoose: (slug: string) => void;
  face?: (choice: C) => ReactNode;
  style?: (choice: C) => CSSProperties;
}) {
  const roving = useRovingGrid(choices.length, 4, choices.findIndex((c) => c.slug === chosen));
  return (
    <div className={className} role="radiogroup" aria-labelledby={labelledBy}>
      {choices.map((c, i) => (
        <button
          key={c.slug}
          type="button"
          role="radio"
          aria-checked={c.slug === chosen}
          aria-label={c.label}
          className={choiceClass}
          style={style?.(c)}
          tabIndex={roving.tabIndex(i)}
          onKeyDown={roving.onKeyDown}
          ref={roving.ref(i)}
          onFocus={() => {
            roving.setActive(i);
            onChoose(c.slug);
          }}
          onClick={() => onChoose(c.slug)}
        >
          {face?.(c)}
        </button>
      ))}
    </div>
  );
}
