import QRCode from 'qrcode';

/*
 * The invitation poster, drawn on a canvas so that it can be saved as a PNG or shared as a file: the brand, a
 * line in the user's language, the QR code of their link on a white card, and their invitation code. The poster
 * is an image that leaves the app, so it has its own fixed colours rather than the theme's.
 */

export const POSTER_WIDTH = 720;
export const POSTER_HEIGHT = 1080;

const COLOURS = {
  top: '#2a2111',
  bottom: '#14161b',
  accent: '#f5a524',
  text: '#eaecef',
  muted: '#a0a8b4',
  card: '#ffffff',
  module: '#0b0e11',
} as const;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif';

export type PosterTexts = {
  brand: string;
  /** The line under the brand, in the user's language. */
  line: string;
  /** Under the QR code ("Scan to sign up"). */
  scan: string;
  /** The code with its label ("Invitation code ABC123"). */
  code: string;
  link: string;
  direction: 'ltr' | 'rtl';
};

/**
 * The lines `text` takes at `maxWidth`: broken at spaces, and between characters where a language writes none
 * (Chinese, Japanese, Thai) or a word is wider than the line.
 */
export function wrapLines(measure: (text: string) => number, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (piece: string) => {
    const next = line + piece;
    if (line !== '' && measure(next) > maxWidth) {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    } else {
      line = next;
    }
  };
  for (const word of text.split(/(?<=\s)/)) {
    if (measure(word) <= maxWidth) push(word);
    else for (const char of word) push(char);
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

/** Draws the poster onto `canvas` at `POSTER_WIDTH` × `POSTER_HEIGHT`; false where the browser cannot draw. */
export function drawPoster(canvas: HTMLCanvasElement, texts: PosterTexts): boolean {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return false;
  const centre = POSTER_WIDTH / 2;

  const background = context.createLinearGradient(0, 0, 0, POSTER_HEIGHT);
  background.addColorStop(0, COLOURS.top);
  background.addColorStop(1, COLOURS.bottom);
  context.fillStyle = background;
  context.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);

  context.direction = texts.direction;
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';

  context.fillStyle = COLOURS.accent;
  context.font = `700 64px ${FONT}`;
  context.fillText(texts.brand, centre, 150);

  context.fillStyle = COLOURS.text;
  context.font = `500 34px ${FONT}`;
  const lines = wrapLines((text) => context.measureText(text).width, texts.line, POSTER_WIDTH - 120).slice(
    0,
    3,
  );
  for (const [index, line] of lines.entries()) context.fillText(line, centre, 230 + index * 48);

  // The QR code on a white card, its quiet zone included, each module a whole number of pixels.
  const qr = QRCode.create(texts.link, { errorCorrectionLevel: 'M' }).modules;
  const cardSize = 400;
  const cardX = centre - cardSize / 2;
  const cardY = 400;
  context.fillStyle = COLOURS.card;
  roundedRect(context, cardX, cardY, cardSize, cardSize, 24);
  context.fill();
  const moduleSize = Math.floor((cardSize - 48) / qr.size);
  const qrOrigin = cardX + (cardSize - moduleSize * qr.size) / 2;
  const qrTop = cardY + (cardSize - moduleSize * qr.size) / 2;
  context.fillStyle = COLOURS.module;
  for (let row = 0; row < qr.size; row += 1) {
    for (let column = 0; column < qr.size; column += 1) {
      if (qr.get(row, column)) {
        context.fillRect(qrOrigin + column * moduleSize, qrTop + row * moduleSize, moduleSize, moduleSize);
      }
    }
  }

  context.fillStyle = COLOURS.muted;
  context.font = `500 28px ${FONT}`;
  context.fillText(texts.scan, centre, cardY + cardSize + 60);

  context.fillStyle = COLOURS.text;
  context.font = `700 40px ${FONT}`;
  context.fillText(texts.code, centre, cardY + cardSize + 150);

  context.fillStyle = COLOURS.accent;
  context.fillRect(centre - 60, POSTER_HEIGHT - 80, 120, 6);
  return true;
}

function roundedRect(
  context: CanvasRenderingContext2D,
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
) {
  context.beginPath();
  context.moveTo(x + radius, y);
  context.arcTo(x + width, y, x + width, y + height, radius);
  context.arcTo(x + width, y + height, x, y + height, radius);
  context.arcTo(x, y + height, x, y, radius);
  context.arcTo(x, y, x + width, y, radius);
  context.closePath();
}

/** The drawn poster as a PNG file, or null where the browser cannot encode it. */
export function posterFile(canvas: HTMLCanvasElement, name: string): Promise<File | null> {
  return new Promise((resolve) => {
    canvas.toBlob(
      (blob) => resolve(blob ? new File([blob], name, { type: 'image/png' }) : null),
      'image/png',
    );
  });
}
