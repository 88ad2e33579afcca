'use client';

import { CldImage, type GetCldImageUrlConfig } from 'next-cloudinary';

/** Upload these public ids first (docs/media.md, "next-cloudinary"). */
const COVER = 'samples/cover';
const ANIMATION = 'samples/animation';

const cover = { src: COVER, width: 300, height: 200, crop: 'fill' } as const;

export function Gallery({ config }: { config: GetCldImageUrlConfig | undefined }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
      <CldImage {...cover} config={config} alt="Plain resize" data-testid="plain" />
      <CldImage {...cover} config={config} alt="Blurred" data-testid="blur" blur="300" />
      <CldImage {...cover} config={config} alt="Rounded corners" data-testid="radius" radius={40} />
      <CldImage
        {...cover}
        config={config}
        alt="Week 1"
        data-testid="text"
        overlays={[
          {
            text: {
              text: 'Week 1',
              fontFamily: 'Arial',
              fontSize: 48,
              fontWeight: 'bold',
              color: 'white',
            },
            position: { gravity: 'south', y: 20 },
          },
        ]}
      />
      <CldImage
        {...cover}
        config={config}
        alt="At the screen's density"
        data-testid="dpr"
        dpr="auto"
      />
      <CldImage
        src={ANIMATION}
        width={120}
        height={80}
        config={config}
        alt="Animation"
        data-testid="animation"
      />
    </div>
  );
}
