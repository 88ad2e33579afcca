import type { DemoCourse } from './catalogue-types';

export const genetics: DemoCourse = {
  slug: 'genetics',
  title: 'Genetics and Molecular Biology',
  code: 'BIOL 220',
  description:
    'From Mendel’s peas to the genome: patterns of inheritance, chromosomes and linkage, DNA replication, gene expression and its regulation, mutation and modern tools such as PCR and CRISPR. Problem-solving sessions each week build fluency with crosses, pedigrees and probability.',
  subjectSlug: 'biology',
  institutionSlug: 'harbor-city-college',
  published: true,
  documents: [
    {
      slug: 'mendelian-inheritance',
      title: 'Lecture Notes 1: Mendelian Inheritance',
      description:
        'Mendel’s experiments, the laws of segregation and independent assortment, monohybrid and dihybrid crosses, test crosses, and extensions such as incomplete dominance and epistasis.',
      kind: 'notes',
      pages: [
        `# 1.1 Mendel's experiments
Between 1856 and 1863 Gregor Mendel, a monk in Brno, crossed thousands of garden pea plants and counted their offspring. His choice of organism was shrewd: peas have clearly contrasting traits (round or wrinkled seeds, purple or white flowers), they can be self-fertilized or crossed by hand, and they produce many offspring quickly.

Mendel began with true-breeding parents, the P generation. Crossing purple-flowered plants with white-flowered ones gave an F1 generation in which every plant had purple flowers. When he let the F1 self-fertilize, white flowers reappeared in the F2, in a ratio of about 3 purple to 1 white: 705 purple and 224 white in one experiment.

From such results he concluded that each plant carries two copies of a hereditary factor for each trait, now called alleles of a gene; that one allele can be dominant over the other, which is recessive; and that the two alleles separate during the formation of gametes, so each gamete carries only one. This is the law of segregation. An individual with two identical alleles is homozygous (PP or pp); one with two different alleles is heterozygous (Pp). The genotype is the pair of alleles, and the phenotype is the observable trait.`,
        `# 1.2 Crosses and probability
A Punnett square lists the possible gametes of each parent along its sides and their combinations inside. For the monohybrid cross Pp × Pp, the offspring are PP, Pp, Pp and pp in equal proportions, giving a genotypic ratio of 1:2:1 and a phenotypic ratio of 3:1.

To find an unknown genotype, use a test cross with a homozygous recessive individual. A purple plant crossed with a white plant (pp) gives all purple offspring if it is PP, but half purple and half white if it is Pp.

## Independent assortment
In dihybrid crosses Mendel followed two traits at once, such as seed shape (R round, r wrinkled) and seed colour (Y yellow, y green). The F1 RrYy self-cross gave a 9:3:3:1 ratio of round yellow, round green, wrinkled yellow and wrinkled green seeds. This is what we expect if the alleles of different genes are sorted into gametes independently of each other: the law of independent assortment. We now know that it holds for genes on different chromosomes, and for genes far apart on the same chromosome.

Probability rules make larger crosses manageable. In AaBbCc × AaBbCc, the probability of an aabbcc offspring is 1/4 × 1/4 × 1/4 = 1/64, using the product rule for independent events.`,
        `# 1.3 Beyond simple dominance
Many traits do not follow Mendel's simple patterns, yet they are still explained by his principles once we know how the alleles interact.

- Incomplete dominance: the heterozygote is intermediate. Red and white snapdragons give pink F1 flowers, and the F2 ratio is 1 red : 2 pink : 1 white, so the phenotypic ratio reveals the genotypes directly.
- Codominance: both alleles are fully expressed. In the human ABO blood groups, a person with alleles A and B has both antigens on their red blood cells, giving blood group AB.
- Multiple alleles: the ABO gene has three common alleles, A, B and O, where O is recessive to both others.
- Epistasis: one gene masks the effect of another. In Labrador retrievers, gene B determines black versus brown pigment, but a dog homozygous for the recessive allele e at a second gene is yellow whatever its B genotype. A cross of two BbEe dogs gives 9 black : 3 brown : 4 yellow.
- Polygenic inheritance: traits such as human height are affected by hundreds of genes, each with a small effect, together with the environment, producing continuous variation.
- Pleiotropy: one gene affects several traits. The sickle-cell allele changes haemoglobin, which affects red blood cell shape, anaemia and resistance to malaria.

Sex-linked traits such as red-green colour blindness are carried on the X chromosome, so they are far more common in males, who have only one X.`,
      ],
    },
    {
      slug: 'gene-expression-slides',
      title: 'Slides: DNA Replication, Transcription and Translation',
      description:
        'Lecture slides on the central dogma: semi-conservative replication, the enzymes at the replication fork, transcription and RNA processing, the genetic code and protein synthesis on the ribosome.',
      kind: 'slides',
      pages: [
        `# DNA replication
- DNA is a double helix of two antiparallel strands; bases pair A with T and G with C.
- Meselson and Stahl (1958) used nitrogen isotopes to show replication is semi-conservative: each new helix keeps one old strand.
- Helicase unwinds the helix at the replication fork; single-strand binding proteins keep the strands apart.
- Primase lays down a short RNA primer, because DNA polymerase can only extend an existing strand.
- DNA polymerase adds nucleotides only in the 5' to 3' direction.
- The leading strand is made continuously; the lagging strand in Okazaki fragments joined by DNA ligase.
- Proofreading keeps the error rate to about one mistake per billion bases copied.
- Telomerase extends chromosome ends, which would otherwise shorten with every round of replication.`,
        `# Transcription and RNA processing
- RNA polymerase binds a promoter, such as the TATA box, and copies the template strand into messenger RNA.
- RNA uses uracil (U) in place of thymine and the sugar ribose in place of deoxyribose.
- In eukaryotes, the pre-mRNA is processed in the nucleus before export.
- A 5' cap and a 3' poly-A tail protect the mRNA and help the ribosome recognize it.
- Splicing removes introns and joins exons, carried out by the spliceosome.
- Alternative splicing lets one gene encode several proteins: humans have about 20,000 protein-coding genes but far more distinct proteins.
- Transcription factors and enhancers control when and where each gene is transcribed.
- In bacteria, genes are often grouped in operons, such as the lac operon.`,
        `# Translation
- The genetic code: 64 codons of three bases; 61 specify amino acids and 3 are stop codons (UAA, UAG, UGA).
- AUG codes for methionine and is the start codon.
- The code is redundant (several codons per amino acid) but not ambiguous, and nearly universal across life.
- Transfer RNAs carry amino acids; each anticodon pairs with an mRNA codon.
- The ribosome has A, P and E sites and moves along the mRNA one codon at a time.
- Peptide bonds are formed by the ribosomal RNA itself: the ribosome is a ribozyme.
- Example: the mRNA AUG GCU UGG UAA codes for Met-Ala-Trp and then stops.
- A point mutation can be silent, missense (one amino acid changed) or nonsense (an early stop codon).`,
      ],
    },
    {
      slug: 'genetics-problem-set-crosses-and-pedigrees',
      title: 'Problem Set 2: Crosses, Pedigrees and Chi-Square',
      description:
        'Genetics problems on monohybrid and dihybrid crosses, sex linkage, pedigree analysis, linkage and recombination frequencies, and testing ratios with the chi-square test.',
      kind: 'exercises',
      pages: [
        `# Crosses and pedigrees
1. In guinea pigs, black fur (B) is dominant to white (b). A black guinea pig is crossed with a white one and produces 7 black and 6 white offspring. What are the parents' genotypes? What offspring ratio would you expect if the black parent were homozygous?
2. Two heterozygous pea plants, RrYy, are crossed. Out of 320 offspring, how many would you expect to be wrinkled and yellow? What fraction of the round yellow offspring are true-breeding?
3. Cystic fibrosis is an autosomal recessive condition. Two unaffected parents have an affected child. What is the probability that their next child is affected? That it is an unaffected carrier? That an unaffected sibling of the affected child is a carrier?
4. Haemophilia A is X-linked recessive. A woman whose father had haemophilia marries an unaffected man. What proportion of their sons and of their daughters are expected to be affected?
5. In a pedigree, an affected man and an unaffected woman have four children: both daughters are affected and both sons are unaffected. The pattern repeats in the next generation. Which mode of inheritance best explains it, and why?
6. A woman has blood group A and her husband has group B. Their first child has group O. What are the genotypes of the parents, and what blood groups are possible for their next child, with what probabilities?`,
        `# Linkage and statistics
7. In fruit flies, the genes for body colour (b) and wing shape (vg) are on the same chromosome. A test cross of a heterozygous female gives: 965 wild type, 944 black vestigial, 206 black normal and 185 grey vestigial. Which classes are recombinant? Calculate the recombination frequency and the map distance between the genes.
8. Three genes lie on one chromosome. The recombination frequencies are 12% between A and B, 7% between B and C, and 19% between A and C. What is the gene order? Draw the map.
9. A dihybrid cross gives 315 round yellow, 108 round green, 101 wrinkled yellow and 32 wrinkled green seeds. Use a chi-square test to decide whether the data fit a 9:3:3:1 ratio at the 5% significance level. (The critical value for 3 degrees of freedom is 7.815.)

## Answers
1. Bb × bb; all black. 2. 60; 1/9. 3. 1/4; 1/2; 2/3. 4. Half of the sons, none of the daughters (half the daughters are carriers). 5. X-linked dominant: an affected father passes the allele to all his daughters and none of his sons. 6. AO and BO; A, B, AB and O, each with probability 1/4. 7. The 206 and 185 classes are recombinant: 391/2,300 = 17%, so 17 map units. 8. A-B-C, with A and C at the ends. 9. The expected counts are 312.75, 104.25, 104.25 and 34.75; chi-square = 0.47, well below 7.815, so the data fit the ratio.`,
      ],
    },
    {
      slug: 'midterm-exam-genetics-2024',
      title: 'Midterm Exam, Fall 2024',
      description:
        'The midterm on Mendelian genetics, chromosomes and molecular biology, with short-answer questions, a pedigree problem and an essay on gene regulation in the lac operon.',
      kind: 'exam',
      pages: [
        `# BIOL 220 Midterm Examination
Time: 2 hours. Answer all questions in Part A and one question from Part B. Total: 80 marks.

## Part A (60 marks)
1. (8 marks) Distinguish between the terms gene and allele, genotype and phenotype, and homozygous and heterozygous, giving one example of each pair.
2. (10 marks) In tomatoes, red fruit (R) is dominant to yellow (r) and tall plants (T) are dominant to dwarf (t). A tall red plant crossed with a dwarf yellow plant produces 48 tall red, 52 tall yellow, 50 dwarf red and 47 dwarf yellow offspring. Give the genotype of the tall red parent and explain how the results show independent assortment.
3. (12 marks) The following template DNA strand is transcribed: 3'-TAC GGA CTT ACC ATT-5'.
(a) Write the mRNA sequence, labelling its 5' and 3' ends.
(b) Use the genetic code table provided to give the amino acid sequence.
(c) A mutation changes the third codon of the mRNA from GAA to UAA. Name this type of mutation and describe its likely effect.
4. (14 marks) Describe how DNA is replicated on the lagging strand. Refer to the roles of primase, DNA polymerase and ligase.
5. (16 marks) A pedigree shows a rare trait that skips generations, affects males and females equally, and appears in the children of a marriage between first cousins. What is the most likely mode of inheritance? Explain how consanguinity increases the risk.`,
        `# Part B and marking notes
## Part B (20 marks; answer one)
6. Describe the structure of the lac operon of Escherichia coli and explain how it responds to the presence of lactose and the absence of glucose. Include the roles of the repressor, the operator, allolactose, cAMP and the CAP protein.
7. Explain how the polymerase chain reaction (PCR) amplifies a specific DNA sequence. Describe the three steps of each cycle and their temperatures, and explain why a heat-stable polymerase such as Taq is essential.

## Marking notes
Question 2: the tall red parent is TtRr; the roughly 1:1:1:1 ratio in a test cross shows that the four kinds of gamete, TR, Tr, tR and tr, were produced in equal numbers.

Question 3: mRNA 5'-AUG CCU GAA UGG UAA-3', translated Met-Pro-Glu-Trp, then stop. The change to UAA is a nonsense mutation; the protein is truncated after two amino acids and almost certainly non-functional.

Question 5: autosomal recessive. Cousins share about one eighth of their genes, so both are more likely to carry the same rare allele inherited from a common ancestor.

Question 6: full marks needed both levels of control. The repressor binds the operator unless allolactose is present; high cAMP when glucose is absent activates CAP, which helps RNA polymerase bind. The operon is strongly transcribed only with lactose present and glucose absent.`,
      ],
    },
    {
      slug: 'genetics-revision-summary',
      title: 'Summary: Genetics Revision Guide',
      description:
        'A condensed revision guide to the whole course: inheritance patterns, how to read a pedigree, the molecular biology of gene expression, mutation and biotechnology techniques.',
      kind: 'summary',
      pages: [
        `# Inheritance
- Law of segregation: the two alleles of a gene separate into different gametes; this happens in anaphase I of meiosis.
- Law of independent assortment: genes on different chromosomes assort independently; linked genes do not, except through crossing over.
- Standard ratios: monohybrid F2 3:1; test cross of a heterozygote 1:1; dihybrid F2 9:3:3:1; dihybrid test cross 1:1:1:1; incomplete dominance 1:2:1; recessive epistasis 9:3:4.
- Recombination frequency = recombinant offspring / total offspring; 1% equals one map unit (centimorgan). Frequencies never exceed 50%.
- Chi-square test: the sum of (observed - expected)² / expected; the degrees of freedom are the number of classes minus 1.

# Reading pedigrees
- Autosomal recessive: skips generations; unaffected parents can have affected children; both sexes equally affected.
- Autosomal dominant: every affected person has an affected parent; appears in every generation.
- X-linked recessive: mostly males affected; passed from carrier mothers to sons; never from father to son.
- X-linked dominant: affected fathers pass the trait to all daughters and no sons.
- Mitochondrial: passed from the mother to all her children.

Always test each hypothesis against every family in the pedigree, and rule modes out: a single case of father-to-son transmission excludes X linkage.`,
        `# Molecular biology
- Central dogma: DNA is replicated, transcribed into RNA and translated into protein. Retroviruses such as HIV reverse the first step with reverse transcriptase.
- Replication is semi-conservative, runs 5' to 3', and needs a primer; the lagging strand is made in Okazaki fragments.
- Eukaryotic mRNA gets a 5' cap and a poly-A tail and is spliced to remove introns.
- Codons are read in triplets from the start codon AUG until a stop codon; the reading frame is fixed by the start.
- Mutations: substitutions may be silent, missense or nonsense; insertions and deletions that are not multiples of three cause frameshifts.
- Gene regulation in bacteria: operons. The lac operon is inducible (switched on by lactose); the trp operon is repressible (switched off by tryptophan).
- Eukaryotic regulation: chromatin structure, DNA methylation, transcription factors, enhancers, alternative splicing and microRNAs.

# Biotechnology
- PCR: denaturation at 95°C, primer annealing at about 55 to 65°C, extension at 72°C by Taq polymerase; each cycle doubles the target, so 30 cycles give about a billion copies.
- Gel electrophoresis separates DNA fragments by size; smaller fragments travel further towards the positive electrode.
- Sanger sequencing uses chain-terminating dideoxynucleotides; next-generation methods sequence millions of fragments in parallel.
- CRISPR-Cas9: a guide RNA directs the Cas9 nuclease to a matching DNA sequence, where it makes a double-strand cut; the cell's repair of the cut can disable the gene or insert a new sequence.`,
      ],
    },
  ],
};
