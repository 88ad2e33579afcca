import type { DemoCourse } from './catalogue-types';

export const cellBiology: DemoCourse = {
  slug: 'cell-biology',
  title: 'Cell Biology',
  code: 'BIOL 110',
  description:
    'The cell as the unit of life: membranes and transport, organelles, energy metabolism, the cell cycle and how cells communicate. Lectures are paired with laboratory sessions in light microscopy, staining and enzyme kinetics.',
  subjectSlug: 'biology',
  institutionSlug: 'harbor-city-college',
  published: true,
  documents: [
    {
      slug: 'cellular-respiration',
      title: 'Lecture Notes 6: Cellular Respiration',
      description:
        'How cells harvest energy from glucose: glycolysis, pyruvate oxidation, the Krebs cycle and oxidative phosphorylation, with the ATP yield of each stage and what happens without oxygen.',
      kind: 'notes',
      pages: [
        `# 6.1 Overview
Cellular respiration is the set of reactions by which cells break down organic molecules, above all glucose, and capture part of the released energy as ATP. The overall equation for aerobic respiration is
C6H12O6 + 6 O2 -> 6 CO2 + 6 H2O + energy,
with a standard free-energy change of about -2,870 kJ per mole of glucose. Burning glucose in a flame releases the same energy all at once as heat; the cell instead releases it in many small steps so that a substantial fraction can be stored.

The process is a series of redox reactions. Glucose is oxidized, losing electrons together with hydrogen atoms, and oxygen is ultimately reduced to water. The electrons are carried in between by the coenzymes NAD+ and FAD, which are reduced to NADH and FADH2.

Respiration proceeds in four stages:
- Glycolysis, in the cytosol.
- Pyruvate oxidation, in the mitochondrial matrix.
- The Krebs cycle (also called the citric acid cycle or the TCA cycle), in the matrix.
- Oxidative phosphorylation: the electron transport chain and chemiosmosis, on the inner mitochondrial membrane.

Only the last stage requires oxygen directly, but without oxygen the earlier stages soon stop too, because NAD+ is not regenerated.`,
        `# 6.2 Glycolysis and pyruvate oxidation
Glycolysis splits one six-carbon glucose into two three-carbon pyruvate molecules in ten enzyme-catalysed steps. In the energy-investment phase the cell spends 2 ATP to phosphorylate glucose and fructose 6-phosphate; the enzyme phosphofructokinase, which catalyses the second of these reactions, is the main control point of the pathway and is inhibited by high levels of ATP and citrate. In the energy-payoff phase, 4 ATP are made by substrate-level phosphorylation and 2 NAD+ are reduced to 2 NADH. The net yield per glucose is therefore 2 ATP, 2 NADH and 2 pyruvate.

Glycolysis needs no oxygen and no organelles, and it occurs in nearly every living cell. This strongly suggests that it evolved very early, before the atmosphere contained oxygen.

## Pyruvate oxidation
When oxygen is available, pyruvate enters the mitochondrion through a transport protein. There the pyruvate dehydrogenase complex removes one carbon as CO2, oxidizes the remaining two-carbon fragment, and attaches it to coenzyme A, forming acetyl CoA. One NADH is produced per pyruvate, so two per glucose.

This step is irreversible in animals, which is why humans cannot convert fatty acids, which are broken down to acetyl CoA, back into glucose.`,
        `# 6.3 The Krebs cycle
Each acetyl CoA combines with the four-carbon oxaloacetate to form the six-carbon citrate. Over eight steps, citrate is oxidized back to oxaloacetate, which is then ready for the next turn. For each turn the cycle releases 2 CO2 and produces 3 NADH, 1 FADH2 and 1 ATP (or GTP, depending on the cell type). Since each glucose yields two acetyl CoA, the cycle turns twice per glucose.

By the end of the Krebs cycle all six carbons of glucose have left as CO2, but most of the energy is not yet in ATP. It is held in the electrons carried by 10 NADH and 2 FADH2.

# 6.4 Oxidative phosphorylation
The electron transport chain is a series of protein complexes in the inner mitochondrial membrane. Electrons from NADH and FADH2 pass from carrier to carrier, each with a greater affinity for electrons, until they reach oxygen, which combines with protons to form water. The energy released is used to pump protons from the matrix into the intermembrane space.

The resulting proton gradient is a store of potential energy, the proton-motive force. Protons flow back into the matrix through ATP synthase, a rotary enzyme that uses the flow to make ATP from ADP and phosphate. This coupling of electron transport to ATP synthesis through a gradient is called chemiosmosis and was proposed by Peter Mitchell in 1961.

The total yield is about 30 to 32 ATP per glucose, most of it from oxidative phosphorylation. Cyanide kills by blocking the final complex, cytochrome c oxidase.`,
        `# 6.5 Without oxygen: fermentation
When oxygen is scarce, the electron transport chain stops, NADH accumulates and NAD+ runs out. Glycolysis would stop as well, because one of its steps needs NAD+. Fermentation solves this by passing the electrons of NADH to an organic molecule made from pyruvate, regenerating NAD+ so that glycolysis can continue to make its 2 ATP per glucose.

- Lactic acid fermentation: pyruvate is reduced directly to lactate. It happens in human muscle cells during intense exercise and in the bacteria used to make yoghurt and sauerkraut.
- Alcoholic fermentation: pyruvate loses CO2 to become acetaldehyde, which is reduced to ethanol. Yeast does this in bread dough, where the CO2 makes the bread rise, and in brewing.

Fermentation yields only about one fifteenth of the ATP that aerobic respiration gets from the same glucose, which is why organisms that rely on it alone consume sugar so rapidly.

## Other fuels
Fats and proteins also feed into respiration. Fatty acids are broken down by beta-oxidation into two-carbon units that enter the Krebs cycle as acetyl CoA; a gram of fat yields more than twice the ATP of a gram of carbohydrate. Amino acids are deaminated, and their carbon skeletons enter at several points, as pyruvate, acetyl CoA or intermediates of the Krebs cycle.

## Review questions
1. Where in the cell does each stage of respiration take place?
2. Why does glycolysis stop in the absence of oxygen unless fermentation occurs?
3. Which stage produces most of the CO2 that you breathe out?`,
      ],
    },
    {
      slug: 'membranes-and-transport',
      title: 'Slides: Membrane Structure and Transport',
      description:
        'Lecture slides on the fluid mosaic model, diffusion and osmosis, channels and carriers, the sodium-potassium pump, and endocytosis and exocytosis.',
      kind: 'slides',
      pages: [
        `# The fluid mosaic model
- Membranes are a phospholipid bilayer: hydrophilic phosphate heads face the water on each side, hydrophobic fatty acid tails face each other inside.
- Proteins float in or on the bilayer like tiles in a mosaic; many drift sideways.
- Integral proteins span the membrane; peripheral proteins sit on its surface.
- Cholesterol buffers fluidity: it stiffens membranes when warm and stops them freezing when cold.
- Unsaturated fatty acid tails have kinks that keep the membrane fluid at low temperature.
- Carbohydrate chains on the outer surface (glycoproteins, glycolipids) act as identity tags, as in the ABO blood groups.
- Evidence: in the 1970 Frye-Edidin experiment, fused mouse and human cells mixed their surface proteins within 40 minutes.
- A typical plasma membrane is only 7 to 10 nm thick, yet it controls everything that enters or leaves the cell.`,
        `# Passive transport
- Diffusion: net movement of a substance from higher to lower concentration, with no energy input from the cell.
- Small nonpolar molecules (O2, CO2) cross the bilayer directly; ions and polar molecules need proteins.
- Facilitated diffusion uses channel proteins (such as aquaporins for water) or carrier proteins (such as the GLUT1 glucose transporter).
- Osmosis: diffusion of water across a selectively permeable membrane towards the side with the higher solute concentration.
- Tonicity: in a hypotonic solution animal cells swell and may burst (lysis); in a hypertonic solution they shrink (crenation).
- Plant cells are protected by the cell wall: turgid in hypotonic solutions, plasmolysed in hypertonic ones.
- Rate of diffusion rises with the concentration gradient, temperature and surface area, and falls with distance.`,
        `# Active transport and bulk transport
- Active transport moves substances against their concentration gradient and needs energy, usually from ATP.
- The sodium-potassium pump exports 3 Na+ and imports 2 K+ per ATP hydrolysed, maintaining the resting membrane potential of about -70 mV.
- Neurons can spend up to two thirds of their energy running this pump.
- Cotransport: the sodium gradient made by the pump powers the uptake of glucose into intestinal cells by the SGLT1 symporter.
- Endocytosis brings in large particles or fluid in vesicles: phagocytosis (white blood cells engulfing bacteria), pinocytosis, and receptor-mediated endocytosis (uptake of LDL cholesterol).
- Exocytosis releases vesicle contents, such as insulin from pancreatic beta cells or neurotransmitters at synapses.
- Clinical link: cystic fibrosis is caused by a faulty chloride channel, CFTR, which leaves thick mucus in the lungs.`,
      ],
    },
    {
      slug: 'worksheet-cell-structure-and-energy',
      title: 'Worksheet 4: Cell Structure, Enzymes and Energy',
      description:
        'Practice questions on prokaryotic and eukaryotic cells, organelle functions, enzyme kinetics and inhibition, and the bookkeeping of ATP in respiration, with a mark scheme.',
      kind: 'exercises',
      pages: [
        `# Part 1: cells and organelles
1. Copy and complete a table comparing prokaryotic and eukaryotic cells for these features: nucleus, size range, ribosome size, membrane-bound organelles, cell wall composition, and form of the DNA.
2. A cell is 40 micrometres in diameter. Assuming it is a sphere, calculate its surface area to volume ratio. Repeat for a cell of 10 micrometres, and explain what the comparison tells you about limits on cell size.
3. Name the organelle responsible for each process: (a) synthesis of proteins for secretion; (b) modification and packaging of those proteins; (c) breakdown of worn-out organelles; (d) synthesis of lipids and detoxification of drugs; (e) photosynthesis.
4. State two pieces of evidence supporting the endosymbiotic theory of the origin of mitochondria and chloroplasts.
5. In an electron micrograph, a cell contains a cell wall, a large central vacuole and chloroplasts. It is magnified 2,500 times and its image is 75 mm long. What is its actual length in micrometres?
6. Explain why red blood cells, which lack mitochondria, can still make ATP, and which metabolic pathway they must rely on.`,
        `# Part 2: enzymes
7. The enzyme catalase breaks down hydrogen peroxide into water and oxygen. Describe an experiment to measure how the rate of this reaction depends on temperature. Name the independent, dependent and controlled variables.
8. In an enzyme assay, the maximum rate Vmax is 120 micromoles per minute and the Michaelis constant Km is 4 mM. Use the Michaelis-Menten equation v = Vmax[S] / (Km + [S]) to calculate the rate at substrate concentrations of 2, 4 and 20 mM.
9. Explain the difference between a competitive and a non-competitive inhibitor. How does each affect Vmax and Km? Which one can be overcome by adding more substrate?
10. Explain why the rate of an enzyme-catalysed reaction falls sharply above about 40 degrees Celsius for most human enzymes.
11. ATP inhibits phosphofructokinase even though ATP is also one of its substrates. Explain how this is possible, and why it is useful to the cell.

# Part 3: energy bookkeeping
12. Count the NADH, FADH2 and ATP produced per glucose by glycolysis, pyruvate oxidation and the Krebs cycle. Assuming 2.5 ATP per NADH and 1.5 per FADH2, estimate the total ATP yield.
13. A poison makes the inner mitochondrial membrane leaky to protons. Predict its effects on oxygen consumption, ATP production and body temperature.`,
        `# Mark scheme
1. Prokaryotes: no nucleus, 1 to 10 micrometres, 70S ribosomes, no membrane-bound organelles, peptidoglycan wall in bacteria, circular DNA. Eukaryotes: nucleus, 10 to 100 micrometres, 80S ribosomes, organelles present, cellulose or chitin wall if any, linear chromosomes.
2. The ratio is 3/r: 0.15 per micrometre for the larger cell and 0.6 for the smaller. Smaller cells exchange materials faster relative to their volume, so diffusion limits how large a cell can grow.
3. (a) rough endoplasmic reticulum; (b) Golgi apparatus; (c) lysosome; (d) smooth endoplasmic reticulum; (e) chloroplast.
4. Any two of: their own circular DNA, 70S ribosomes, a double membrane, division by binary fission.
5. 75 mm is 75,000 micrometres, divided by 2,500 gives 30 micrometres.
6. Glycolysis followed by lactic acid fermentation.
8. 40, 60 and 100 micromoles per minute. At [S] = Km the rate is half of Vmax.
9. A competitive inhibitor raises the apparent Km and leaves Vmax unchanged, and can be outcompeted by more substrate. A non-competitive inhibitor lowers Vmax and leaves Km unchanged.
11. ATP binds to a separate allosteric site as well as to the active site; high ATP signals that energy is plentiful, so glycolysis slows.
12. 10 NADH, 2 FADH2 and 4 ATP directly; 25 + 3 + 4 = 32 ATP.
13. Oxygen consumption rises, ATP production falls, and the energy is released as heat. This is how brown fat warms newborn babies, using the protein thermogenin.`,
      ],
    },
    {
      slug: 'midterm-exam-spring-2024',
      title: 'Midterm Exam, Spring 2024',
      description:
        'The midterm covering cell structure, membranes, enzymes and cellular respiration, with multiple-choice and structured questions and a commentary from the examiners.',
      kind: 'exam',
      pages: [
        `# BIOL 110 Midterm Examination
Time: 90 minutes. Section A: 20 multiple-choice questions, 1 mark each (five are reproduced here). Section B: three structured questions, 40 marks in total. Write in blue or black ink.

## Section A (extract)
1. Which structure is found in both prokaryotic and eukaryotic cells? (A) nucleus; (B) mitochondrion; (C) ribosome; (D) Golgi apparatus.
2. Red blood cells placed in distilled water will: (A) shrink; (B) stay the same; (C) swell and burst; (D) undergo plasmolysis.
3. The final electron acceptor of the mitochondrial electron transport chain is: (A) NAD+; (B) oxygen; (C) water; (D) pyruvate.
4. The enzyme ATP synthase is powered directly by: (A) the hydrolysis of ATP; (B) a flow of protons down their gradient; (C) the oxidation of glucose; (D) light.
5. A molecule that binds to an enzyme's active site and blocks substrate binding is: (A) a coenzyme; (B) an allosteric activator; (C) a competitive inhibitor; (D) a non-competitive inhibitor.`,
        `# Section B
6. (12 marks) A student places potato cylinders of equal mass into sucrose solutions of 0.0, 0.2, 0.4, 0.6 and 0.8 mol/dm³ for 24 hours. The percentage changes in mass are +12, +5, -3, -9 and -14.
(a) Plot the data and estimate the sucrose concentration that is isotonic with the potato cells.
(b) Explain the change in mass at 0.8 mol/dm³ in terms of water potential.
(c) Suggest why the cylinders were blotted dry before reweighing.
7. (14 marks) Describe the Krebs cycle and explain its role in cellular respiration. In your answer, refer to acetyl CoA, oxaloacetate, decarboxylation and the reduced coenzymes.
8. (14 marks) A drug called oligomycin blocks ATP synthase. When it is added to isolated mitochondria supplied with pyruvate and oxygen:
(a) What happens to the rate of ATP production? Explain.
(b) Oxygen consumption also falls sharply. Explain why, using the idea of a proton gradient.
(c) A second compound, DNP, is now added, which carries protons across the membrane. Oxygen consumption rises again but ATP production does not. Explain.`,
        `# Examiners' commentary
Section A answers: C, C, B, B, C. Question 2 is a classic: distilled water is hypotonic, so the cells take in water by osmosis and, lacking a cell wall, burst. Plasmolysis happens only to plant cells, and in hypertonic solutions.

Question 6. The isotonic point, where the line crosses zero change, lies at about 0.33 mol/dm³. In the strongest solution, water potential outside the cells is lower than inside, so water leaves the cells by osmosis and mass falls. Blotting removes surface solution, which would otherwise add mass unrelated to osmosis. Many answers used the word "concentration" for water without saying of what: write "water potential" or "solute concentration".

Question 7. Strong answers stated that acetyl CoA (2C) joins oxaloacetate (4C) to form citrate (6C); that two decarboxylation steps release CO2; that each turn yields 3 NADH, 1 FADH2 and 1 ATP; and that oxaloacetate is regenerated. The best answers explained that the cycle's main importance is supplying reduced coenzymes to the electron transport chain, not its small direct ATP yield.

Question 8. With ATP synthase blocked, protons cannot re-enter the matrix, the gradient builds up until pumping becomes impossible, and electron transport, and therefore oxygen use, slows. DNP dissipates the gradient, so electron transport and oxygen use resume, but the energy is lost as heat instead of being captured in ATP. DNP was once sold as a slimming drug and caused deaths from overheating.`,
      ],
    },
    {
      slug: 'lab-handout-microscopy-and-staining',
      title: 'Lab Handout: Light Microscopy and Cell Staining',
      description:
        'The laboratory protocol for preparing and staining onion epidermis and cheek cell slides, calibrating an eyepiece graticule and recording measurements safely.',
      kind: 'other',
      pages: [
        `# Lab 2: light microscopy and cell staining
## Aims
By the end of this session you should be able to prepare a temporary wet mount, stain it appropriately, bring it into focus at three magnifications, calibrate an eyepiece graticule with a stage micrometer, and use the calibration to measure cells.

## Safety
- Wear a lab coat and safety glasses throughout.
- Iodine solution stains skin and clothing; methylene blue is an irritant. Wipe up spills immediately.
- Dispose of used cheek swabs and slides in the disinfectant pot, not in the general waste.
- Report any broken glass to the demonstrator; do not pick up fragments with your fingers.

## Equipment per pair
Compound light microscope with x4, x10 and x40 objectives and an x10 eyepiece; eyepiece graticule; stage micrometer (1 mm divided into 100 divisions); slides and cover slips; mounted needle; forceps; onion; sterile cotton swabs; dropping bottles of iodine in potassium iodide solution and 1% methylene blue; paper towels.`,
        `# Procedure
1. Cut a small square from an onion scale leaf. With forceps, peel off the thin transparent epidermis from the inner surface.
2. Place the epidermis flat on a slide in a drop of iodine solution. Lower a cover slip at an angle with a mounted needle to avoid trapping air bubbles.
3. Gently rub the inside of your cheek with a sterile swab and smear it onto a second slide. Add a drop of methylene blue and cover.
4. Always start with the x4 objective and the stage at its lowest position. Focus with the coarse focus knob, centre the area of interest, and only then move to x10 and x40, using the fine focus alone at high power.
5. Draw three onion cells and three cheek cells at x400 total magnification. Label the cell wall, cell membrane, cytoplasm, nucleus and, if visible, nucleolus. Use a sharp pencil, clear single lines and no shading.

## Calibrating the graticule
6. Place the stage micrometer under the x10 objective and line up its scale with the eyepiece graticule.
7. Count how many graticule divisions match a known length of the micrometer. Example: if 40 graticule divisions cover 0.1 mm (100 micrometres), one division is 2.5 micrometres at this magnification.
8. Repeat for x40. Each objective needs its own calibration.`,
        `# Results and analysis
9. Measure the length of ten onion cells and the diameter of ten cheek cells in graticule divisions, convert to micrometres, and record both in a table with the units in the column headings.
10. Calculate the mean and the range for each cell type. Typical values are 200 to 400 micrometres long for onion epidermal cells and 50 to 80 micrometres across for cheek cells.

## Questions for your write-up
- Why does iodine make onion nuclei visible, and why is methylene blue preferred for animal cells?
- Why are chloroplasts absent from onion epidermal cells, even though onion is a plant?
- Explain the difference between magnification and resolution. Why can a light microscope not resolve ribosomes however much the image is enlarged? (The limit is about 200 nm, set by the wavelength of visible light.)
- Identify two sources of error in your measurements and suggest how each could be reduced.

## Submission
Hand in your drawings, results table and answers as a single PDF through the course page by 5 pm one week after your lab session. Late submissions lose 10% per day. Write-ups are marked out of 20: drawings 6, table and calculations 6, answers 8.`,
      ],
    },
  ],
};
