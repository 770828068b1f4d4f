import { useId, type CSSProperties } from 'react';
import { mediaSource } from '../../api/mediaSource';

interface ChoiceCardProps {
  title: string;
  description?: string;
  icon?: string;
  background?: string;
  disabled?: boolean;
  onChoose: () => void;
}

/**
 * A catalogue's background: a colour (#hex, rgb(), hsl(), a name) as it is, anything else an image from the media
 * server.
 */
function backgroundStyle(background: string | undefined): CSSProperties | undefined {
  const value = background?.trim();
  if (!value) return undefined;
  if (/^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([^)]*\)|[a-z]+)$/i.test(value)) return { backgroundColor: value };
  return { backgroundImage: `url("${mediaSource(value).replace(/["\\]/g, '\\$&')}")` };
}

/**
 * A mode or scenario of the mirror's catalogue as a real button on its card: the title names it,
 * the description describes it; the icon repeats the title, so it is decorative (empty alt).
 */
export function ChoiceCard({ title, description, icon, background, disabled, onChoose }: ChoiceCardProps) {
  const descriptionId = useId();
  return (
    <li className="mirror-card" style={backgroundStyle(background)}>
      <button
        type="button"
        className="mirror-card__button"
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        onClick={onChoose}
      >
        {icon ? <img className="mirror-card__icon" src={mediaSource(icon)} alt="" width={56} height={56} /> : null}
        <span className="mirror-card__title">{title}</span>
      </button>
      {description ? (
        <p id={descriptionId} className="mirror-card__description">
          {description}
        </p>
      ) : null}
    </li>
  );
}
