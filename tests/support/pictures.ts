import sharp from 'sharp'

/** A PNG of width x height whose pixels vary (a circle on a plain ground), so it is not trivially small. */
export const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3b82f6' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f97316"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer()
