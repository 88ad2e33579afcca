import type { ReactNode } from 'react';

export const metadata = { title: 'next-cloudinary on Coursepack media' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0, padding: 16, background: '#ff00ff', fontFamily: 'sans-serif' }}>
        {children}
      </body>
    </html>
  );
}
