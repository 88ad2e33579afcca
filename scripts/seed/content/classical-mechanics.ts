import type { DemoCourse } from './catalogue-types';

export const classicalMechanics: DemoCourse = {
  slug: 'classical-mechanics',
  title: 'Classical Mechanics',
  code: 'PHYS 101',
  description:
    'Motion and its causes, from kinematics and Newton’s laws to energy, momentum and rotation. Emphasis on setting up problems with free-body diagrams and conservation laws, backed by weekly laboratory sessions with air tracks and motion sensors.',
  subjectSlug: 'physics',
  institutionSlug: 'lakeside-institute-of-technology',
  published: true,
  documents: [
    {
      slug: 'newtons-laws-of-motion',
      title: 'Lecture Notes 3: Newton’s Laws of Motion',
      description:
        'The three laws, inertial frames, mass versus weight, free-body diagrams, friction and tension, with worked examples on inclines and Atwood machines.',
      kind: 'notes',
      pages: [
        `# 3.1 The three laws
Newton's first law states that a body remains at rest or moves with constant velocity unless a net external force acts on it. This is a statement about reference frames as much as about bodies: the frames in which it holds are called inertial frames. A car braking hard is not an inertial frame, which is why a coffee cup slides forward on the dashboard with no force pushing it.

Newton's second law says that the net force on a body equals its mass times its acceleration, F = ma, where F and a are vectors. Force is measured in newtons: 1 N is the force that gives a 1 kg mass an acceleration of 1 m/s². The law is applied component by component, so in two dimensions we get two equations, one for the x-direction and one for the y-direction.

Newton's third law: when body A exerts a force on body B, B exerts a force of equal magnitude and opposite direction on A. The two forces of a third-law pair act on different bodies, so they never cancel each other in a free-body diagram. The Earth pulls you down with your weight, and you pull the Earth up with exactly the same force; the Earth's acceleration is tiny only because its mass is about 6 × 10^24 kg.

## Mass and weight
Mass measures inertia and is the same everywhere. Weight is the gravitational force W = mg, with g = 9.81 m/s² near the Earth's surface. An astronaut of mass 70 kg weighs 687 N on Earth and about 113 N on the Moon.`,
        `# 3.2 Free-body diagrams
Almost every dynamics problem should start with a free-body diagram: isolate one body, draw it as a dot or a simple shape, and draw every force that acts on it, and only those forces. Typical forces are the weight mg, the normal force N perpendicular to a contact surface, friction f parallel to it, the tension T along a string, and applied pushes or pulls.

Then choose axes, preferably with one axis along the expected acceleration, and write Newton's second law for each axis.

## Worked example: block on an incline
A block of mass 5.0 kg rests on a ramp inclined at 30 degrees. The coefficient of kinetic friction is 0.20. Take the x-axis down the slope.
Perpendicular to the slope there is no acceleration, so N = mg cos 30° = 5.0 × 9.81 × 0.866 = 42.5 N.
Along the slope, the net force is mg sin 30° - 0.20N = 24.5 N - 8.5 N = 16.0 N.
The acceleration is therefore a = 16.0 / 5.0 = 3.2 m/s² down the slope.

Check the limits: with no friction the answer would be g sin 30° = 4.9 m/s², and on a vertical wall with no friction it would be g itself. Checking limiting cases like these is the quickest way to catch a sign error or a sine that should have been a cosine.`,
        `# 3.3 Friction and connected bodies
Static friction adjusts itself to prevent sliding, up to a maximum of f = mu_s N. Once an object slides, kinetic friction has the nearly constant magnitude mu_k N, and usually mu_k < mu_s, which is why it takes more effort to start pushing a heavy box than to keep it moving. For rubber on dry asphalt mu_s is about 0.9; for steel on ice it is about 0.03.

## The Atwood machine
Two masses, m1 = 3.0 kg and m2 = 2.0 kg, hang on either side of a light, frictionless pulley, connected by a light inextensible string. Because the string does not stretch, both masses have the same magnitude of acceleration a, and the tension T is the same on both sides.
For m1, moving down: m1 g - T = m1 a.
For m2, moving up: T - m2 g = m2 a.
Adding the equations eliminates T: a = (m1 - m2)g / (m1 + m2) = 9.81 / 5 = 1.96 m/s².
Substituting back gives T = m2(g + a) = 2.0 × 11.77 = 23.5 N.

The tension lies between the two weights, 19.6 N and 29.4 N, as it must: the string has to hold m2 up more strongly than gravity pulls it down, but less strongly than gravity pulls m1.

## Summary of method
Draw one free-body diagram per body, write F = ma for each along sensible axes, add the constraint equations that link the bodies, and solve the system. Then check units, signs and limiting cases.`,
      ],
    },
    {
      slug: 'work-energy-and-momentum',
      title: 'Slides: Work, Energy and Momentum',
      description:
        'Lecture slides on the work-energy theorem, potential energy, conservation of mechanical energy, power, impulse and elastic and inelastic collisions.',
      kind: 'slides',
      pages: [
        `# Work and kinetic energy
- Work done by a constant force over a displacement d: W = F d cos(theta), measured in joules (1 J = 1 N·m).
- Only the component of force along the motion does work; the normal force on a level floor does none.
- Kinetic energy: K = (1/2)mv².
- Work-energy theorem: the net work done on a body equals its change in kinetic energy, W_net = Delta K.
- Example: a 1,200 kg car accelerates from 10 m/s to 20 m/s. Delta K = 0.5 × 1200 × (400 - 100) = 180 kJ.
- Power is the rate of doing work, P = W / t = Fv, measured in watts. One horsepower is about 746 W.
- Braking converts the same 180 kJ back into heat in the brake discs, which is why they glow on long descents.`,
        `# Potential energy and conservation
- A force is conservative if the work it does around any closed path is zero: gravity and ideal springs are; friction is not.
- Gravitational potential energy near the Earth: U = mgh. Spring potential energy: U = (1/2)kx².
- If only conservative forces do work, the mechanical energy E = K + U is conserved.
- Example: a roller coaster car starts at rest at height 40 m. At a dip 15 m high, v = sqrt(2g × 25) = 22 m/s, whatever the shape of the track.
- With friction: E_final = E_initial - (energy dissipated as heat), so the car reaches a lower speed.
- Energy methods give speeds without needing the forces at every point of the path: use them whenever the question asks for speed, not time.`,
        `# Momentum and collisions
- Momentum p = mv is a vector. Newton's second law in its general form: F = dp/dt.
- Impulse: J = F Delta t = Delta p. Airbags and crumple zones increase Delta t to reduce the peak force.
- With no external force, the total momentum of a system is conserved. This holds in every collision.
- Elastic collision: kinetic energy is also conserved (billiard balls, approximately).
- Perfectly inelastic collision: the bodies stick together and kinetic energy is lost to heat and deformation.
- Example: a 2 kg cart at 3 m/s hits a stationary 1 kg cart and they couple. Final speed = 6 / 3 = 2 m/s; kinetic energy falls from 9 J to 6 J.
- Head-on elastic collision of equal masses: the velocities are exchanged, as in Newton's cradle.
- The centre of mass of an isolated system moves at constant velocity, whatever happens inside it.`,
      ],
    },
    {
      slug: 'problem-set-kinematics-and-forces',
      title: 'Problem Set 2: Kinematics and Forces',
      description:
        'Problems on motion with constant acceleration, projectile motion, circular motion and applications of Newton’s second law, with numerical answers to check against.',
      kind: 'exercises',
      pages: [
        `# Motion in one and two dimensions
Use g = 9.81 m/s² and neglect air resistance unless told otherwise.

1. A train leaves a station from rest and accelerates uniformly at 0.80 m/s² for 25 s. How far has it travelled, and what is its speed at the end of this time?
2. A ball is thrown straight up at 14 m/s from the edge of a roof 20 m above the ground. Find the maximum height above the ground, the time until it hits the ground, and its speed at impact.
3. A football is kicked from level ground at 22 m/s and 35 degrees above the horizontal. Find the time of flight, the range and the maximum height.
4. A stone is thrown horizontally at 8.0 m/s from a cliff 45 m high. Where does it land, and at what angle below the horizontal does it hit the ground?
5. A runner completes one lap of a circular track of radius 50 m in 40 s at constant speed. What is the magnitude and the direction of the runner's acceleration?
6. Sketch the position, velocity and acceleration graphs against time for the ball in question 2, and label the instant at which it reaches its highest point.`,
        `# Newton's second law
7. A 1,500 kg car rounds an unbanked curve of radius 60 m. The coefficient of static friction between tyres and road is 0.70. What is the highest speed at which the car can take the curve without skidding? Does the answer depend on the mass of the car?
8. A person of mass 65 kg stands on a bathroom scale in a lift. What does the scale read (in newtons) when the lift accelerates upward at 2.0 m/s², moves at constant speed, and accelerates downward at 2.0 m/s²?
9. A 12 kg crate is pulled across a floor by a rope at 25 degrees above the horizontal with a tension of 60 N. The coefficient of kinetic friction is 0.30. Find the normal force and the acceleration of the crate.
10. A conical pendulum consists of a 0.50 kg bob on a 1.2 m string that sweeps out a cone at 30 degrees to the vertical. Find the tension in the string and the period of the motion.

## Answers
1. 250 m; 20 m/s. 2. 30.0 m above the ground; 3.9 s; 24.3 m/s. 3. 2.57 s; 46.4 m; 8.1 m. 4. 24.2 m from the base; 75 degrees. 5. 1.23 m/s² towards the centre. 7. 20.3 m/s, independent of the mass. 8. 767 N, 638 N, 508 N. 9. 92.4 N; 2.22 m/s². 10. 5.66 N; 2.04 s.`,
        `# Challenge problems
These are optional and longer. They are good preparation for the midterm questions worth ten marks or more.

11. A monkey hangs from a branch. A hunter aims a dart gun directly at the monkey, and at the instant the dart leaves the gun the monkey lets go of the branch. Show that the dart hits the monkey whatever the muzzle speed, provided the dart reaches the monkey's horizontal position before hitting the ground. Explain the result in the free-fall frame of reference.
12. A block of mass m sits on a wedge of mass M that rests on a frictionless floor; the block-wedge surface is also frictionless and inclined at angle theta. Find the acceleration of the wedge. Check that your answer vanishes when theta = 0 and when M becomes very large.
13. A rope of mass 2.0 kg and length 4.0 m is pulled along a frictionless floor by a horizontal force of 30 N applied to one end, while the other end is attached to a 4.0 kg box. Find the tension at the midpoint of the rope.
14. Estimate, with reasons, the force exerted on a sprinter's feet by the track during the first 0.5 s of a race. State every assumption you make and the numbers you choose.

Bring your attempts to Thursday's tutorial. Solutions to questions 11 to 14 will be discussed in class, not posted.`,
      ],
    },
    {
      slug: 'midterm-exam-fall-2023',
      title: 'Midterm Exam, Fall 2023',
      description:
        'The first midterm in mechanics: kinematics, Newton’s laws, circular motion and energy conservation, with the full worked solutions released after grading.',
      kind: 'exam',
      pages: [
        `# PHYS 101 Midterm Exam
Time: 75 minutes. Four problems, 25 points each. A formula sheet is provided at the back. Calculators are allowed. Give numerical answers to three significant figures with units.

1. A hockey puck slides on ice with an initial speed of 12 m/s and comes to rest after 48 m.
(a) Find its constant deceleration.
(b) Find the coefficient of kinetic friction between puck and ice.
(c) How far would it slide with the same friction if its initial speed were doubled?

2. A 0.25 kg ball on a string of length 0.80 m is whirled in a vertical circle.
(a) What is the minimum speed at the top of the circle for the string to remain taut?
(b) If the ball moves at exactly that speed at the top, what is its speed at the bottom?
(c) What is the tension in the string at the bottom?

3. A skier of mass 70 kg starts from rest at the top of a slope 120 m long, inclined at 20 degrees. The coefficient of kinetic friction is 0.08. Use energy methods to find the skier's speed at the bottom.`,
        `# Problem 4 and solutions
4. A 10 g bullet moving at 400 m/s embeds itself in a 2.0 kg wooden block that hangs from two long strings (a ballistic pendulum).
(a) Find the speed of block and bullet immediately after the collision.
(b) How high does the block rise?
(c) What fraction of the bullet's kinetic energy is converted into heat and deformation?

## Worked solutions
1. (a) From v² = u² + 2as: a = -144 / 96 = -1.50 m/s². (b) mu_k = a / g = 0.153. (c) The stopping distance scales with the square of the speed: 192 m.

2. (a) At the top, the tension is zero when gravity alone provides the centripetal force: v = sqrt(gr) = 2.80 m/s. (b) Energy conservation over a height of 1.60 m: v² = 7.85 + 2 × 9.81 × 1.60 = 39.2, so v = 6.26 m/s. (c) T = mg + mv²/r = 2.45 + 12.3 = 14.7 N, six times the ball's weight, as the standard result predicts.

3. The height drop is 120 sin 20° = 41.0 m. Friction does work 0.08 × 70 × 9.81 × cos 20° × 120 = 6,190 J. Then (1/2)(70)v² = 70 × 9.81 × 41.0 - 6,190 = 21,990 J, giving v = 25.1 m/s.

4. (a) Momentum conservation: 0.010 × 400 = 2.010 × V, so V = 1.99 m/s. (b) h = V² / 2g = 0.202 m. (c) The kinetic energy falls from 800 J to 3.98 J, so 99.5% is dissipated: the collision is very far from elastic.`,
      ],
    },
    {
      slug: 'mechanics-formula-sheet',
      title: 'Summary: Mechanics Formula Sheet with Notes',
      description:
        'The formulas of the course on two pages, each with a line on when it applies and the mistakes students most often make with it.',
      kind: 'summary',
      pages: [
        `# Kinematics (constant acceleration only)
- v = u + at
- s = ut + (1/2)at²
- v² = u² + 2as
- s = (u + v)t / 2
Pick the equation that does not contain the quantity you neither know nor want. These equations fail when the acceleration changes, for example for a falling object with significant air resistance.

Projectiles: treat the horizontal motion (constant velocity) and the vertical motion (acceleration g downward) separately; they share only the time. The range on level ground is R = v² sin(2 theta) / g, largest at 45 degrees.

Uniform circular motion: the acceleration v²/r points to the centre. The centripetal force is not a new kind of force; it is the net inward force supplied by tension, friction, gravity or a normal force.

# Dynamics
- Newton's second law: the net force equals ma, applied separately along each axis.
- Weight mg; static friction up to mu_s N; kinetic friction mu_k N.
- Hooke's law for a spring: F = -kx.
- Newton's law of gravitation: F = G m1 m2 / r², with G = 6.67 × 10^-11 N m²/kg².
Most lost marks come from missing forces in free-body diagrams, or from inventing forces such as a separate "force of motion".`,
        `# Energy and momentum
- Work W = Fd cos(theta); kinetic energy (1/2)mv²; gravitational potential energy mgh; elastic potential energy (1/2)kx².
- Work-energy theorem: net work equals the change in kinetic energy.
- Conservation of mechanical energy holds when only conservative forces do work; otherwise subtract the energy dissipated by friction.
- Power P = W/t = Fv.
- Momentum p = mv; impulse J = F Delta t = Delta p.
- Momentum is conserved in every collision of an isolated system; kinetic energy only in elastic collisions.

# Rotation
- Angular velocity omega = v/r; centripetal acceleration omega² r.
- Torque = r F sin(theta); rotational form of the second law: torque = I alpha.
- Moments of inertia: point mass mr²; solid disc (1/2)MR²; hoop MR²; uniform rod about its centre (1/12)ML².
- Rotational kinetic energy (1/2)I omega²; angular momentum L = I omega, conserved when there is no external torque. A spinning skater who pulls in her arms reduces I and spins faster.
- Rolling without slipping: v = omega R. A rolling solid disc has one third of its kinetic energy in rotation, so it reaches the bottom of a ramp after a sliding block but before a hoop.

# Problem-solving routine
Read the question twice, sketch, list knowns and unknowns with units, choose between forces and conservation laws, solve symbolically before substituting numbers, and check dimensions and limiting cases.`,
      ],
    },
  ],
};
