import { ageOfRevolutions } from './age-of-revolutions';
import type { DemoCatalogue } from './catalogue-types';
import { cellBiology } from './cell-biology';
import { classicalMechanics } from './classical-mechanics';
import { dataStructuresAndAlgorithms } from './data-structures-and-algorithms';
import { databaseSystems } from './database-systems';
import { electricityAndMagnetism } from './electricity-and-magnetism';
import { genetics } from './genetics';
import { institutions } from './institutions';
import { linearAlgebra } from './linear-algebra';
import { principlesOfMicroeconomics } from './principles-of-microeconomics';
import { probabilityAndStatistics } from './probability-and-statistics';
import { subjects } from './subjects';

/** The catalogue `npm start` seeds into an empty database. */
export const demoCatalogue: DemoCatalogue = {
  institutions,
  subjects,
  courses: [
    linearAlgebra,
    dataStructuresAndAlgorithms,
    classicalMechanics,
    principlesOfMicroeconomics,
    cellBiology,
    ageOfRevolutions,
    probabilityAndStatistics,
    databaseSystems,
    electricityAndMagnetism,
    genetics,
  ],
};
