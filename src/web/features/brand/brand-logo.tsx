import { loadingOf } from '../../ui/responsive-image.tsx';

/** A maker's logo under the image base address, or its name set as a wordmark. */
export function BrandLogo({
  logoPath,
  name,
  qiniuImgAddress,
  width = 120,
  height = 48,
  isPriority = false,
}: {
  logoPath: string | null;
  name: string;
  qiniuImgAddress: string;
  width?: number;
  height?: number;
  /** The logo at the top of a brand's page: fetched at once, never lazy. */
  isPriority?: boolean;
}) {
  if (!logoPath) {
    return (
      <span className="brand-logo brand-logo--text" style={{ width, height }}>
        {name}
      </span>
    );
  }
  return <img className="brand-logo" src={`${qiniuImgAddress}${logoPath}`} alt={`${name} logo`} width={width} height={height} {...loadingOf(isPriority)} />;
}
