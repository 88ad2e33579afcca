import type { DemoInstitution } from './catalogue-types';

export const institutions: readonly DemoInstitution[] = [
  { slug: 'northbridge-university', name: 'Northbridge University', country: 'GB' },
  {
    slug: 'lakeside-institute-of-technology',
    name: 'Lakeside Institute of Technology',
    country: 'US',
  },
  { slug: 'harbor-city-college', name: 'Harbor City College', country: 'US' },
];
