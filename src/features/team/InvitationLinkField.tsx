import { useId, useRef } from 'react';
import { useCopy } from '../../ui/clipboard';
import { notify } from '../../ui/notify';
import { LINK_NOT_COPIED } from './partnerNameSlice';

const LINK_COPIED_AGAIN = 'Link copied to clipboard';

/** The invitation link, read-only, to copy by hand or with its own button. */
export function InvitationLinkField({ link }: { link: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const { copied, copy } = useCopy();

  const copyLink = async () => {
    if (await copy(link)) return;
    field.current?.select();
    notify(LINK_NOT_COPIED);
  };

  return (
    <div className="field invitation-link">
      <label htmlFor={id}>Invitation link</label>
      <div className="invitation-link__row">
        <input id={id} ref={field} type="text" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="button button--secondary" onClick={() => void copyLink()}>
          Copy link
        </button>
      </div>
      <span role="status" className="field__message">
        {copied === true && LINK_COPIED_AGAIN}
      </span>
    </div>
  );
}
