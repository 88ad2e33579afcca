import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInAppRouter } from '@/testing/render-in-app-router';
import { Breadcrumb } from './breadcrumb';

describe('Breadcrumb', () => {
  it('links each step, separated by slashes, and names the current place without a link', () => {
    renderInAppRouter(
      <Breadcrumb
        links={[
          { href: '/courses', label: 'Courses' },
          { href: '/courses/7-heat', label: 'Heat' },
        ]}
        current="Edit"
      />,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(trail.textContent).toBe('Courses / Heat / Edit');
    expect(
      screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Courses', '/courses'],
      ['Heat', '/courses/7-heat'],
    ]);
  });
});
