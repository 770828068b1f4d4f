/**
 * A consent text as the server words it, and the guest's agreement to it: the same for every form
 * where a guest leaves a contact (docs/privacy.md#guests-contacts). The box is described by the
 * text, so a screen reader reads what is agreed to.
 */
export function ConsentAgreement({
  id,
  text,
  agreed,
  onChange,
}: {
  /** The text's element id (the box's description). */
  id: string;
  text: string;
  agreed: boolean;
  onChange: (agreed: boolean) => void;
}) {
  return (
    <>
      <p id={id} className="guest-contact__consent">
        {text}
      </p>
      <label className="choice">
        <input
          type="checkbox"
          checked={agreed}
          aria-describedby={id}
          onChange={(event) => onChange(event.target.checked)}
        />
        Concordo com este texto
      </label>
    </>
  );
}
