import type { DemoCourse } from './catalogue-types';

export const electricityAndMagnetism: DemoCourse = {
  slug: 'electricity-and-magnetism',
  title: 'Electricity and Magnetism',
  code: 'PHYS 202',
  description:
    'Electric charge and fields, Gauss’s law, potential, circuits, magnetic fields and induction, ending with Maxwell’s equations and electromagnetic waves. Laboratory work covers RC circuits, the charge-to-mass ratio of the electron and Faraday induction.',
  subjectSlug: 'physics',
  institutionSlug: 'lakeside-institute-of-technology',
  published: true,
  documents: [
    {
      slug: 'electric-fields-and-gauss-law',
      title: 'Lecture Notes 2: Electric Fields and Gauss’s Law',
      description:
        'Coulomb’s law, the electric field of point charges and continuous distributions, electric flux, and Gauss’s law applied to spheres, lines and planes of charge.',
      kind: 'notes',
      pages: [
        `# 2.1 Coulomb's law and the electric field
Two point charges q1 and q2 separated by a distance r exert on each other a force of magnitude F = k|q1 q2| / r², where k = 1/(4 pi epsilon0) = 8.99 × 10^9 N m²/C². Like charges repel and unlike charges attract. The force between a proton and an electron in a hydrogen atom, 5.3 × 10^-11 m apart, is about 8.2 × 10^-8 N, some 10^39 times stronger than their gravitational attraction.

Instead of thinking of charges acting at a distance, we say each charge creates an electric field E in the space around it, and that a test charge q placed in the field feels a force F = qE. The field of a point charge Q points radially away from a positive charge, and has magnitude E = kQ / r². Fields from several charges add as vectors: the superposition principle.

## Example
Charges of +2.0 microcoulombs and -2.0 microcoulombs sit 0.10 m apart, forming an electric dipole. At the midpoint, both fields point towards the negative charge, each with magnitude 8.99 × 10^9 × 2.0 × 10^-6 / 0.05² = 7.2 × 10^6 N/C, so the total field there is 1.44 × 10^7 N/C, directed towards the negative charge.

Field lines start on positive charges and end on negative ones; their density shows the field strength, and they never cross.`,
        `# 2.2 Flux and Gauss's law
The electric flux through a surface measures how much field passes through it: for a uniform field E crossing a flat area A at angle theta to the normal, the flux is EA cos(theta). For a curved surface, we add up E · dA over small pieces.

Gauss's law states that the total electric flux out of any closed surface equals the charge enclosed divided by epsilon0, where epsilon0 = 8.85 × 10^-12 C²/(N m²). The law is always true, but it is useful for calculating fields only when symmetry lets us choose a Gaussian surface on which E is constant and either parallel or perpendicular to the surface.

## Three standard results
- Spherical symmetry: outside a uniformly charged sphere of total charge Q, E = kQ/r², exactly as if the charge were concentrated at the centre. Inside a charged conducting shell, E = 0.
- Line of charge with linear density lambda: using a cylindrical Gaussian surface, E = lambda / (2 pi epsilon0 r), falling off as 1/r.
- Infinite plane with surface density sigma: using a pillbox, E = sigma / (2 epsilon0), independent of the distance from the plane.

Two parallel plates with charge densities +sigma and -sigma produce a uniform field sigma / epsilon0 between them and essentially zero outside: the ideal capacitor.`,
        `# 2.3 Conductors in equilibrium
In a conductor, charges are free to move. When the charges have settled into equilibrium, the electric field inside the material of the conductor must be zero; otherwise the free charges would still be moving. Gauss's law then tells us that any excess charge lives on the surface, and that just outside the surface the field is perpendicular to it with magnitude sigma / epsilon0.

Two practical consequences follow. First, a hollow conductor shields its interior from external fields: this is the Faraday cage, which is why a car struck by lightning protects its passengers, and why a mobile phone loses signal inside a lift. Second, charge concentrates where the surface is most sharply curved, producing strong fields at points. Lightning rods exploit this, and so does the field-emission microscope.

## Worked example
A solid conducting sphere of radius 0.20 m carries a charge of 5.0 nanocoulombs. Find the field at r = 0.10 m, r = 0.20 m (just outside the surface) and r = 0.40 m.
- At 0.10 m, inside the conductor: E = 0.
- Just outside the surface: E = kQ/R² = 8.99 × 10^9 × 5.0 × 10^-9 / 0.04 = 1,120 N/C.
- At 0.40 m: E = kQ/r², a quarter of the surface value, 281 N/C.

The field jumps from zero to its maximum at the surface, the signature of a surface charge.`,
      ],
    },
    {
      slug: 'circuits-and-induction-slides',
      title: 'Slides: DC Circuits, Magnetism and Faraday’s Law',
      description:
        'Lecture slides on Ohm’s law and Kirchhoff’s rules, RC circuits, the magnetic force on moving charges, and electromagnetic induction with Lenz’s law.',
      kind: 'slides',
      pages: [
        `# DC circuits
- Current I = dQ/dt, measured in amperes; conventional current flows from + to -.
- Ohm's law V = IR holds for ohmic conductors at constant temperature.
- Resistors in series: R = R1 + R2 + ...; in parallel: 1/R = 1/R1 + 1/R2 + ....
- Power dissipated: P = IV = I²R = V²/R.
- Kirchhoff's junction rule: currents into a node sum to zero (charge conservation).
- Kirchhoff's loop rule: potential differences around any closed loop sum to zero (energy conservation).
- RC circuit charging: the capacitor voltage rises as V(1 - e^(-t/RC)); the time constant is tau = RC.
- Example: R = 10 kilohm, C = 100 microfarad gives tau = 1.0 s; after 5 tau the capacitor is over 99% charged.
- Ammeters go in series and should have tiny resistance; voltmeters go in parallel and should have a very large one.`,
        `# Magnetic fields and forces
- A charge q moving with velocity v in a magnetic field B feels F = qv × B, perpendicular to both.
- The magnetic force does no work: it changes the direction of motion, not the speed.
- In a uniform field, a charged particle moves in a circle of radius r = mv / (qB). This is the principle of the mass spectrometer and the cyclotron.
- A wire carrying current I in a field B feels F = IL × B: the basis of electric motors.
- The field of a long straight wire is B = mu0 I / (2 pi r), circling the wire (right-hand rule).
- Inside a long solenoid with n turns per metre: B = mu0 n I, uniform and along the axis.
- Parallel currents attract and antiparallel currents repel; this once defined the ampere.`,
        `# Electromagnetic induction
- Magnetic flux through a loop: Phi = BA cos(theta), measured in webers.
- Faraday's law: the induced emf equals minus the rate of change of flux linkage, emf = -N dPhi/dt.
- Lenz's law (the minus sign): the induced current opposes the change that produces it, a consequence of energy conservation.
- Example: a 200-turn coil of area 0.010 m² in a field falling from 0.50 T to 0 in 0.10 s has an average emf of 200 × 0.005 / 0.10 = 10 V.
- A generator rotates a coil in a field: emf = NBA omega sin(omega t), alternating current.
- Transformers: Vs / Vp = Ns / Np, which is why power is transmitted at high voltage and low current to reduce I²R losses.
- Eddy currents brake trains, heat induction hobs and make a magnet fall slowly through a copper pipe.`,
      ],
    },
    {
      slug: 'problem-set-capacitors-and-circuits',
      title: 'Problem Set 5: Capacitors, Circuits and Magnetic Forces',
      description:
        'Problems on capacitance and stored energy, resistor networks, Kirchhoff’s rules, RC time constants and charged particles in magnetic fields, with answers.',
      kind: 'exercises',
      pages: [
        `# Capacitors and circuits
1. A parallel-plate capacitor has plates of area 0.020 m² separated by 1.0 mm of air. Find its capacitance. It is connected to a 12 V battery: find the charge on each plate and the energy stored.
2. The gap in question 1 is filled with a dielectric of constant 4.0 while the battery stays connected. What happens to the capacitance, the charge and the stored energy?
3. Three resistors of 6, 3 and 4 ohms are connected so that the 6 and 3 ohm resistors are in parallel, and that combination is in series with the 4 ohm resistor. A 12 V battery with negligible internal resistance drives the network. Find the current through each resistor and the power dissipated in the 4 ohm resistor.
4. A battery has emf 9.0 V and internal resistance 0.50 ohm. What is its terminal voltage when it supplies 2.0 A? What is the maximum power it can deliver to an external resistor, and for what resistance?
5. Use Kirchhoff's rules to find the three branch currents in a two-loop circuit where a 10 V source with a 2 ohm resistor and a 5 V source with a 1 ohm resistor both feed a shared 4 ohm resistor.
6. A 50 microfarad capacitor charged to 200 V discharges through a 20 kilohm resistor. Find the time constant, the initial current, and the time taken for the voltage to fall to 50 V.`,
        `# Magnetic forces
7. An electron is accelerated from rest through 500 V and enters a uniform magnetic field of 2.0 mT at right angles. Find its speed and the radius of its circular path. (Electron mass 9.11 × 10^-31 kg, charge 1.60 × 10^-19 C.)
8. A straight wire 0.25 m long carries 8.0 A at 30 degrees to a uniform field of 0.40 T. Find the force on the wire.
9. Two long parallel wires 5.0 cm apart carry currents of 10 A and 15 A in the same direction. Find the force per metre between them and state whether it is attractive or repulsive.
10. A velocity selector uses an electric field of 3.0 × 10^4 V/m perpendicular to a magnetic field of 0.15 T. What speed do undeflected ions have? Why does the result not depend on the ions' charge or mass?

## Answers
1. 177 pF; 2.12 nC; 12.7 nJ. 2. The capacitance and charge increase by a factor of 4, and so does the stored energy, since the voltage is fixed. 3. The parallel pair is 2 ohms, so the total is 6 ohms and the current 2.0 A; the 6 ohm resistor carries 0.67 A and the 3 ohm 1.33 A; 16 W in the 4 ohm resistor. 4. 8.0 V; 40.5 W into 0.50 ohm. 6. 1.0 s; 10 mA; 1.39 s. 7. 1.33 × 10^7 m/s; 3.8 cm. 8. 0.40 N. 9. 6.0 × 10^-4 N per metre, attractive. 10. 2.0 × 10^5 m/s, because the electric and magnetic forces are both proportional to q.`,
      ],
    },
    {
      slug: 'final-exam-2023',
      title: 'Final Exam, December 2023',
      description:
        'The final examination in electricity and magnetism with problems on fields, potential, circuits, induction and Maxwell’s equations, and a physical constants table.',
      kind: 'exam',
      pages: [
        `# PHYS 202 Final Examination
Time: 3 hours. Answer all six problems. Show your reasoning: state the law you apply before substituting numbers. Constants: k = 8.99 × 10^9 N m²/C²; epsilon0 = 8.85 × 10^-12 C²/(N m²); mu0 = 4 pi × 10^-7 T m/A; e = 1.60 × 10^-19 C; c = 3.00 × 10^8 m/s.

1. (15 points) Charges of +3.0 nC and -5.0 nC are placed at (0, 0) and (0.40 m, 0).
(a) Find the electric field at (0.20 m, 0).
(b) Find the electric potential at that point.
(c) Is there a point on the x-axis, other than at infinity, where the field is zero? If so, locate it.
2. (15 points) A long coaxial cable has an inner conductor of radius a carrying charge +lambda per unit length and an outer cylindrical shell of radius b carrying -lambda per unit length. Use Gauss's law to find the field for r < a, a < r < b and r > b, and hence the capacitance per unit length.
3. (20 points) A circuit contains a 24 V battery, a 2.0 kilohm resistor and an initially uncharged 500 microfarad capacitor in series. The switch is closed at t = 0.
(a) Find the current immediately after closing the switch and the time constant.
(b) Find the charge on the capacitor after 2.0 s.
(c) Show that, by the time charging is complete, the resistor has dissipated exactly as much energy as the capacitor stores.`,
        `# Problems 4 to 6
4. (15 points) A square loop of side 0.10 m and resistance 0.20 ohm is pulled at a constant speed of 2.0 m/s out of a region of uniform magnetic field of 0.80 T directed into the page.
(a) Find the induced emf and current while the loop is leaving the field.
(b) Use Lenz's law to find the direction of the current.
(c) What force is needed to keep the loop moving at constant speed, and where does the work done by this force go?
5. (15 points) A solenoid 0.50 m long has 1,000 turns and carries 2.0 A.
(a) Find the magnetic field inside.
(b) Find the self-inductance if its cross-sectional area is 4.0 cm².
(c) Find the energy stored in its magnetic field.
6. (20 points) Write down Maxwell's equations in integral form and state the physical meaning of each. Explain the role of the displacement current in the charging of a capacitor, and show how the equations predict electromagnetic waves travelling at speed 1 / sqrt(mu0 epsilon0). Evaluate this speed.

## Brief answers
1. (a) 1.80 × 10^3 N/C directed towards the negative charge; (b) -89.9 V; (c) yes, on the far side of the smaller charge, about 1.37 m to the left of the origin. 3. 12 mA and 1.0 s; 10.4 mC. 4. 0.16 V; 0.80 A; 0.064 N, and the work ends up as heat in the loop. 5. 5.0 mT; 1.0 mH; 2.0 mJ. 6. The speed is 3.00 × 10^8 m/s, the speed of light, which led Maxwell to identify light as an electromagnetic wave.`,
      ],
    },
    {
      slug: 'maxwell-equations-summary',
      title: 'Summary: From Coulomb to Maxwell',
      description:
        'A two-page summary of the laws of electromagnetism in the order the course develops them, with the key formulas, units and standard field results.',
      kind: 'summary',
      pages: [
        `# Electrostatics
- Coulomb's law: F = k q1 q2 / r², with k = 8.99 × 10^9 N m²/C².
- Electric field E = F / q, in newtons per coulomb or volts per metre.
- Gauss's law: the flux of E out of a closed surface equals the enclosed charge divided by epsilon0.
- Standard fields: point charge kQ/r²; infinite line lambda / (2 pi epsilon0 r); infinite plane sigma / (2 epsilon0); inside a conductor, zero.
- Potential: V = kQ/r for a point charge. The field points in the direction of decreasing potential, and E = -dV/dx in one dimension.
- The work done moving charge q through a potential difference Delta V is q Delta V. One electronvolt is 1.60 × 10^-19 J.
- Capacitance C = Q/V; parallel plates C = epsilon0 A / d, multiplied by the dielectric constant when filled with a dielectric.
- Energy stored in a capacitor: (1/2)CV² = Q²/(2C).
- Capacitors in parallel add; in series their reciprocals add, the opposite of resistors.

# Circuits
- Ohm's law V = IR; resistivity R = rho L / A.
- Kirchhoff's junction rule (charge) and loop rule (energy).
- RC time constant tau = RC; charging follows 1 - e^(-t/tau), discharging e^(-t/tau).
- A real battery has an internal resistance r: terminal voltage = emf - Ir.`,
        `# Magnetism and induction
- Lorentz force: F = q(E + v × B).
- Circular motion in a magnetic field: r = mv/(qB); the cyclotron frequency qB/(2 pi m) does not depend on speed.
- Force on a current-carrying wire: F = IL × B. Torque on a current loop: NIAB sin(theta), the principle of the motor.
- Biot-Savart law gives the field of any current element; Ampere's law gives the field in symmetric cases.
- Long straight wire: B = mu0 I / (2 pi r). Solenoid: B = mu0 n I. Centre of a circular loop: mu0 I / (2R).
- Faraday's law: emf = -N dPhi/dt. Lenz's law: the induced current opposes the change in flux.
- Motional emf for a rod of length L moving at speed v: BLv.
- Self-inductance: emf = -L dI/dt; energy (1/2)LI². RL time constant L/R.

# Maxwell's equations
1. Gauss's law for E: electric charges are sources of electric field.
2. Gauss's law for B: the magnetic flux through any closed surface is zero; there are no magnetic monopoles.
3. Faraday's law: a changing magnetic flux induces a circulating electric field.
4. Ampere-Maxwell law: electric currents and changing electric flux (the displacement current) produce circulating magnetic fields.

Together they predict electromagnetic waves travelling at c = 1/sqrt(mu0 epsilon0), with E and B perpendicular to each other and to the direction of travel, and with E = cB.`,
      ],
    },
  ],
};
