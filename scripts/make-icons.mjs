// Draws the web app's icons (src/client/public/icons/*.png) from the favicon's design, in headless
// Chromium: `node scripts/make-icons.mjs`. Run once when the design changes; the PNGs are committed.
// The maskable icon fills its square edge to edge and keeps the letter inside the middle 80% (the safe
// zone a phone's mask never cuts), as https://web.dev/articles/maskable-icon describes.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = fileURLToPath(new URL('../src/client/public/icons/', import.meta.url));

const svg = ({ size, maskable }) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#a855f7"/>
  </linearGradient></defs>
  <rect width="64" height="64" rx="${maskable ? 0 : 14}" fill="url(#g)"/>
  <text x="32" y="32" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, system-ui, sans-serif"
    font-size="${maskable ? 30 : 40}" font-weight="700" fill="#fff">R</text>
</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<body style="margin:0;background:transparent">${svg(icon)}</body>`);
    await page.locator('svg').screenshot({ path: out + icon.file, omitBackground: true });
    console.log(`${icon.file} ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
