/**
 * The share poster (展位分享海报): drawn on a canvas — the exhibition, the company with its logo,
 * its booth, the booth page's QR code — and saved as a PNG. No library: the QR code is antd's canvas.
 */
export interface PosterContent {
  exhibitionName: string;
  companyName: string;
  logoUrl: string | null;
  /** "展位号：A1-01", already in the page's language; '' when the booth is unknown. */
  boothLine: string;
  invite: string;
  scan: string;
}

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1200;
const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

/**
 * Lines of `text` no wider than `maxWidth` (by `measure`), at most `maxLines`, the last cut with "…".
 * Breaks anywhere: Chinese has no spaces, and a long English word must not overflow either.
 */
export function wrapText(measure: (s: string) => number, text: string, maxWidth: number, maxLines: number): string[] {
  const chars = [...text.trim()];
  const lines: string[] = [];
  let line = '';
  let i = 0;
  for (; i < chars.length; i++) {
    const ch = chars[i]!;
    if (line && measure(line + ch) > maxWidth) {
      lines.push(line.trimEnd());
      if (lines.length === maxLines) break;
      line = ch.trim() ? ch : '';
    } else line += ch;
  }
  if (i === chars.length) {
    if (line) lines.push(line);
    return lines;
  }
  let last = lines[maxLines - 1]!;
  while (last && measure(`${last}…`) > maxWidth) last = [...last].slice(0, -1).join('');
  lines[maxLines - 1] = `${last}…`;
  return lines;
}

/** Loads an image for drawing; null when it cannot be loaded (the poster is drawn without it). */
export function loadImage(url: string | null): Promise<HTMLImageElement | null> {
  if (!url) return Promise.resolve(null);
  return new Promise((resolve) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

function centred(ctx: CanvasRenderingContext2D, lines: string[], y: number, lineHeight: number) {
  lines.forEach((l, i) => ctx.fillText(l, POSTER_WIDTH / 2, y + i * lineHeight));
  return y + lines.length * lineHeight;
}

/** Draws the poster on `canvas`; `logo` may be null. The card's content is centred vertically. */
export function drawPoster(canvas: HTMLCanvasElement, content: PosterContent, qr: CanvasImageSource, logo: HTMLImageElement | null) {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d context unavailable');
  const measure = (s: string) => ctx.measureText(s).width;
  const font = { exhibition: `600 40px ${FONT}`, company: `700 44px ${FONT}`, booth: `600 34px ${FONT}`, invite: `28px ${FONT}`, scan: `26px ${FONT}` };
  const linesIn = (f: string, text: string, max: number) => {
    ctx.font = f;
    return wrapText(measure, text, POSTER_WIDTH - 160, max);
  };
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';

  const header = ctx.createLinearGradient(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  header.addColorStop(0, '#0958d9');
  header.addColorStop(1, '#4096ff');
  ctx.fillStyle = header;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);

  ctx.fillStyle = '#ffffff';
  ctx.font = font.exhibition;
  centred(ctx, wrapText(measure, content.exhibitionName, POSTER_WIDTH - 120, 2), 80, 54);

  // The white card, and its content measured first so it can be centred.
  const top = 260;
  const bottom = POSTER_HEIGHT - 60;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(40, top, POSTER_WIDTH - 80, bottom - top, 24);
  ctx.fill();

  const logoSize = logo ? 140 : 0;
  const company = linesIn(font.company, content.companyName, 2);
  const booth = content.boothLine ? linesIn(font.booth, content.boothLine, 1) : [];
  const qrSize = 360;
  const height = (logo ? logoSize + 32 : 0) + company.length * 58 + 12 + booth.length * 54 + 40 + 48 + qrSize + 24 + 30;
  let y = top + Math.max(40, (bottom - top - height) / 2);

  if (logo) {
    const scale = Math.min(logoSize / logo.width, logoSize / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    ctx.drawImage(logo, (POSTER_WIDTH - w) / 2, y + (logoSize - h) / 2, w, h);
    y += logoSize + 32;
  }
  ctx.fillStyle = '#1f1f1f';
  ctx.font = font.company;
  y = centred(ctx, company, y, 58) + 12;
  if (booth.length) {
    ctx.fillStyle = '#0958d9';
    ctx.font = font.booth;
    y = centred(ctx, booth, y, 54);
  }
  ctx.fillStyle = '#595959';
  ctx.font = font.invite;
  y = centred(ctx, [content.invite], y + 8, 40) + 40;

  ctx.drawImage(qr, (POSTER_WIDTH - qrSize) / 2, y, qrSize, qrSize);
  ctx.fillStyle = '#8c8c8c';
  ctx.font = font.scan;
  ctx.fillText(content.scan, POSTER_WIDTH / 2, y + qrSize + 24);
}

/**
 * The poster as a PNG data URL. A logo from another origin without CORS taints the canvas, which
 * then cannot be exported: the poster is drawn again without it.
 */
export async function posterDataUrl(canvas: HTMLCanvasElement, content: PosterContent, qr: CanvasImageSource): Promise<string> {
  const logo = await loadImage(content.logoUrl);
  drawPoster(canvas, content, qr, logo);
  try {
    return canvas.toDataURL('image/png');
  } catch {
    drawPoster(canvas, content, qr, null);
    return canvas.toDataURL('image/png');
  }
}


/** A file name from a company name, without characters file systems refuse. */
export const posterFileName = (name: string, kind: string) => `${name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80) || 'booth'}-${kind}.png`;
