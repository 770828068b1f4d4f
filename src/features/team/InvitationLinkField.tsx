import { CopyField } from '../../ui/CopyField';
import { notify } from '../../ui/notify';
import { LINK_NOT_COPIED } from './partnerNameSlice';

/** The invitation link, read-only, to copy by hand or with its own button. */
export function InvitationLinkField({ link }: { link: string }) {
  return (
    <CopyField
      className="invitation-link"
      label="Invitation link"
      value={link}
      copyLabel="Copy link"
      copiedText="Link copied to clipboard"
      onNotCopied={() => notify(LINK_NOT_COPIED)}
    />
  );
}
