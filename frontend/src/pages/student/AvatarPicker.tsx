// The child picks an avatar: a picture and a colour. Shown on first sign-in (no avatar yet) and
// from the home page's "Change my picture".
import { useState } from "react";
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
  const pictures = useRovingGrid(AVATAR_PICTURES.length, 4, AVATAR_PICTURES.findIndex((p) => p.slug === picture));
  const colours = useRovingGrid(AVATAR_COLOURS.length, 4, AVATAR_COLOURS.findIndex((c) => c.slug === colour));
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
      <div className="avatar-grid" role="radiogroup" aria-labelledby="avatar-pictures">
        {AVATAR_PICTURES.map((p, i) => (
          <button
            key={p.slug}
            type="button"
            role="radio"
            aria-checked={p.slug === picture}
            aria-label={p.label}
            className="avatar-choice"
            tabIndex={pictures.tabIndex(i)}
            onKeyDown={pictures.onKeyDown}
            ref={pictures.ref(i)}
            onFocus={() => {
              pictures.setActive(i);
              setPicture(p.slug);
            }}
            onClick={() => setPicture(p.slug)}
          >
            <Avatar avatar={{ picture: p.slug, colour }} size={64} />
          </button>
        ))}
      </div>
      <h2 id="avatar-colours">Colour</h2>
      <div className="colour-grid" role="radiogroup" aria-labelledby="avatar-colours">
        {AVATAR_COLOURS.map((c, i) => (
          <button
            key={c.slug}
            type="button"
            role="radio"
            aria-checked={c.slug === colour}
            aria-label={c.label}
            className="colour-choice"
            style={{ background: c.hex }}
            tabIndex={colours.tabIndex(i)}
            onKeyDown={colours.onKeyDown}
            ref={colours.ref(i)}
            onFocus={() => {
              colours.setActive(i);
              setColour(c.slug);
            }}
            onClick={() => setColour(c.slug)}
          />
        ))}
      </div>
      <FormError error={save.error} shownFields={["picture", "colour"]} />
      <p className="actions">
        <Button variant="primary" className="btn-huge" busy={save.busy} busyLabel="Saving…" onClick={() => void save.run()}>
          {first ? "That's me!" : "Save"}
        </Button>
      </p>
    </Page>
  );
}
