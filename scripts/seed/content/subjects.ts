import type { DemoSubject } from './catalogue-types';

export const subjects: readonly DemoSubject[] = [
  { slug: 'mathematics', name: 'Mathematics' },
  { slug: 'computer-science', name: 'Computer Science' },
  { slug: 'physics', name: 'Physics' },
  { slug: 'economics', name: 'Economics' },
  { slug: 'biology', name: 'Biology' },
  { slug: 'history', name: 'History' },
];
