import type { DemoCourse } from './catalogue-types';

export const linearAlgebra: DemoCourse = {
  slug: 'linear-algebra',
  title: 'Linear Algebra',
  code: 'MATH 221',
  description:
    'Vectors, matrices and the linear maps between them, from Gaussian elimination to eigenvalues and orthogonal projections. The course builds the geometric intuition and the computational fluency that later courses in data science, physics and engineering take for granted.',
  subjectSlug: 'mathematics',
  institutionSlug: 'northbridge-university',
  published: true,
  documents: [
    {
      slug: 'systems-of-equations-and-gaussian-elimination',
      title: 'Lecture Notes 1: Linear Systems and Gaussian Elimination',
      description:
        'How to solve a system of linear equations by row reduction, read off pivots and free variables, and decide whether a system has zero, one or infinitely many solutions.',
      kind: 'notes',
      pages: [
        `# 1.1 Linear systems
A linear equation in the unknowns x1, ..., xn has the form a1x1 + a2x2 + ... + anxn = b, where the coefficients a1, ..., an and the right-hand side b are real numbers. A linear system is a finite collection of such equations that must hold simultaneously. A solution is a list of numbers (s1, ..., sn) that makes every equation true at once, and the solution set is the collection of all solutions.

Geometrically, each equation in two unknowns describes a line in the plane. Two lines either cross at a single point, are parallel and never meet, or coincide. This picture already contains the central fact of the subject: a linear system has exactly one solution, no solution, or infinitely many solutions. There is never a system with exactly two solutions.

## The augmented matrix
We record only the numbers. The system
x + 2y - z = 3, 2x + 5y + z = 11, -x - y + 4z = 4
has coefficient matrix with rows (1, 2, -1), (2, 5, 1), (-1, -1, 4) and augmented matrix obtained by appending the column (3, 11, 4). Working with the augmented matrix saves writing the unknowns over and over, and it makes the procedure mechanical enough to program.`,
        `# 1.2 Elementary row operations
Three operations change a system into an equivalent one, meaning one with exactly the same solution set:

- Replacement: add a multiple of one row to another row.
- Interchange: swap two rows.
- Scaling: multiply a row by a nonzero constant.

Each operation is reversible, which is why no solutions are gained or lost. Gaussian elimination uses these operations to reach row echelon form: all zero rows are at the bottom, and the leading entry (the pivot) of each nonzero row lies strictly to the right of the pivot in the row above.

## Worked example
Start from the augmented matrix of the system in 1.1. Subtract 2 times row 1 from row 2 to get (0, 1, 3 | 5). Add row 1 to row 3 to get (0, 1, 3 | 7). Now subtract the new row 2 from row 3: (0, 0, 0 | 2). The last row says 0 = 2, which is impossible, so this system is inconsistent and has no solution.

If instead the right-hand side of the third equation had been 2, the last row would read 0 = 0. Then the system would be consistent, with pivots in columns 1 and 2 and no pivot in column 3.`,
        `# 1.3 Pivots and free variables
Once a matrix is in echelon form, continue to reduced row echelon form (RREF): scale every pivot to 1 and clear the entries above each pivot as well as below. The RREF of a matrix is unique, whichever sequence of row operations you use to get there. This is what makes it a reliable tool for answering questions rather than just a computational convenience.

Variables that correspond to pivot columns are basic variables; the others are free variables. In the consistent version of our example the RREF is
(1, 0, -7 | -7) and (0, 1, 3 | 5),
so x = -7 + 7z and y = 5 - 3z, with z free. Writing the solution in parametric vector form gives
(x, y, z) = (-7, 5, 0) + z(7, -3, 1),
a line in three-dimensional space passing through (-7, 5, 0) in the direction (7, -3, 1).

## The existence and uniqueness theorem
A linear system is consistent if and only if the rightmost column of the augmented matrix is not a pivot column, that is, no row of the echelon form looks like (0, ..., 0 | b) with b nonzero. When it is consistent, the solution is unique exactly when there are no free variables, and otherwise there are infinitely many solutions, one for each choice of the free variables.`,
        `# 1.4 Counting operations and practical remarks
For an n by n system, forward elimination needs roughly 2n³/3 arithmetic operations, while back substitution needs only about n². Doubling the size of the system therefore makes elimination about eight times slower. This cubic cost explains why numerical libraries factor a matrix once, as A = LU with L lower triangular and U upper triangular, and then reuse the factors for many right-hand sides at quadratic cost each.

In floating-point arithmetic, dividing by a tiny pivot magnifies rounding errors. Partial pivoting swaps rows so that the pivot used in each column is the entry of largest absolute value available. It costs almost nothing and is the default in every serious implementation, including the routines behind MATLAB, NumPy and R.

## Checklist for this week
- Translate between a system, its augmented matrix and a vector equation.
- Reduce a matrix to echelon form and to reduced row echelon form by hand for 3 by 4 examples.
- Identify pivot columns, basic variables and free variables.
- Decide consistency from the echelon form and describe the solution set in parametric vector form.
- Explain why a linear system cannot have exactly two solutions.

Reading: sections 1.1 to 1.3 of the course text. The first problem set is due on Friday of week 2.`,
      ],
    },
    {
      slug: 'eigenvalues-and-diagonalization',
      title: 'Lecture Notes 7: Eigenvalues, Eigenvectors and Diagonalization',
      description:
        'The characteristic polynomial, eigenspaces, when a matrix can be diagonalized, and how powers of a diagonalizable matrix describe the long-run behaviour of dynamical systems.',
      kind: 'notes',
      pages: [
        `# 7.1 Eigenvectors and eigenvalues
Let A be an n by n matrix. A nonzero vector v is an eigenvector of A if Av = λv for some scalar λ, and λ is then called the eigenvalue belonging to v. The matrix acts on its eigenvectors by pure stretching: the direction is preserved (or reversed, when λ is negative) and only the length changes.

Eigenvectors are never the zero vector, because A0 = λ0 holds for every λ and would tell us nothing. The eigenvalue itself, however, may well be zero: λ = 0 is an eigenvalue exactly when Av = 0 has a nontrivial solution, which happens exactly when A is not invertible.

## Example
Let A have rows (4, 1) and (2, 3). For v = (1, 1) we get Av = (5, 5) = 5v, so v is an eigenvector with eigenvalue 5. For w = (1, -2) we get Aw = (2, -4) = 2w, so w is an eigenvector with eigenvalue 2. Every other direction in the plane is turned by A, not just stretched.

For a fixed eigenvalue λ, the set of all solutions of (A - λI)v = 0 is a subspace called the eigenspace of λ. It consists of all the eigenvectors for λ together with the zero vector, and its dimension is the geometric multiplicity of λ.`,
        `# 7.2 The characteristic equation
The scalar λ is an eigenvalue of A exactly when A - λI is singular, that is, when det(A - λI) = 0. Expanding this determinant gives a polynomial of degree n in λ, the characteristic polynomial, and its roots are the eigenvalues. The number of times a root is repeated is its algebraic multiplicity.

For the matrix A with rows (4, 1) and (2, 3):
det(A - λI) = (4 - λ)(3 - λ) - 2 = λ² - 7λ + 10 = (λ - 5)(λ - 2),
confirming the eigenvalues 5 and 2 found by inspection.

## Two useful checks
- The sum of the eigenvalues, counted with multiplicity, equals the trace of A (the sum of the diagonal entries). Here 5 + 2 = 4 + 3.
- The product of the eigenvalues equals det A. Here 5 · 2 = 12 - 2 = 10.

A real matrix can have complex eigenvalues. The rotation of the plane by 90 degrees, with rows (0, -1) and (1, 0), has characteristic polynomial λ² + 1 and eigenvalues i and -i: no real direction is left unchanged by a quarter turn. Triangular matrices are the easy case, since their eigenvalues are simply the entries on the main diagonal.`,
        `# 7.3 Diagonalization
A square matrix A is diagonalizable if A = PDP⁻¹ for an invertible matrix P and a diagonal matrix D. The diagonalization theorem says this happens exactly when A has n linearly independent eigenvectors. In that case the columns of P are those eigenvectors and the diagonal entries of D are the corresponding eigenvalues, in the same order.

For our running example, P has columns (1, 1) and (1, -2), and D = diag(5, 2). Eigenvectors belonging to distinct eigenvalues are always linearly independent, so an n by n matrix with n distinct eigenvalues is automatically diagonalizable.

Repeated eigenvalues need care. The shear matrix with rows (1, 1) and (0, 1) has the single eigenvalue 1 with algebraic multiplicity 2, but its eigenspace is only the line spanned by (1, 0). Its geometric multiplicity is 1, there are not enough eigenvectors, and the matrix is not diagonalizable. In general, A is diagonalizable if and only if the geometric multiplicity of every eigenvalue equals its algebraic multiplicity.

## Why diagonalize?
Powers become trivial: A^k = PD^kP⁻¹, and D^k just raises each diagonal entry to the k-th power. Computing A^100 for our example costs two matrix products instead of ninety-nine.`,
        `# 7.4 Application: discrete dynamical systems
Many models update a state vector by a fixed matrix: x(k+1) = Ax(k). Population models with age classes, Markov chains and simple economic input-output models all have this form. If A is diagonalizable with eigenvectors v1, ..., vn and eigenvalues λ1, ..., λn, write the initial state as x(0) = c1v1 + ... + cnvn. Then
x(k) = c1λ1^k v1 + ... + cnλn^k vn.

The long-run behaviour is controlled by the eigenvalue of largest absolute value, the dominant eigenvalue. If its absolute value is less than 1, every trajectory tends to the origin. If it is greater than 1, trajectories grow along the dominant eigenvector.

## Example: a Markov chain
A city has two neighbourhoods. Each year 10% of the residents of North move South, and 20% of the residents of South move North. The transition matrix has columns (0.9, 0.1) and (0.2, 0.8). Its eigenvalues are 1 and 0.7. The eigenvector for eigenvalue 1, scaled so its entries sum to 1, is (2/3, 1/3): this is the steady state. Whatever the initial split, the component along the second eigenvector shrinks by a factor 0.7 every year, so after twenty years the population is within a fraction of a percent of two thirds in North and one third in South.

The same idea, applied to the web's link matrix, is the core of the PageRank algorithm.`,
      ],
    },
    {
      slug: 'orthogonality-gram-schmidt-least-squares',
      title: 'Slides: Orthogonality, Gram-Schmidt and Least Squares',
      description:
        'Lecture slides on inner products, orthogonal projections, the Gram-Schmidt process, QR factorization and fitting data with the normal equations.',
      kind: 'slides',
      pages: [
        `# Inner products and orthogonality
- The dot product of u and v in R^n is u · v = u1v1 + ... + unvn.
- Length: ||v|| = sqrt(v · v). Distance between u and v: ||u - v||.
- u and v are orthogonal when u · v = 0; the Pythagorean theorem then gives ||u + v||² = ||u||² + ||v||².
- Cauchy-Schwarz inequality: |u · v| <= ||u|| ||v||, with equality only for parallel vectors.
- The angle between nonzero vectors satisfies cos(theta) = (u · v) / (||u|| ||v||).
- Orthogonal complement of a subspace W: all vectors orthogonal to every vector in W.
- Key fact: the row space of A and the null space of A are orthogonal complements in R^n.
- Likewise, the column space of A and the null space of A^T are orthogonal complements in R^m.
- Why care: orthogonal pieces can be computed one at a time, without solving a full linear system.`,
        `# Orthogonal projection
- An orthogonal basis u1, ..., up of W makes coordinates cheap: the weight on uj is (y · uj) / (uj · uj).
- The projection of y onto W is y-hat = sum of (y · uj) / (uj · uj) times uj.
- y - y-hat is orthogonal to W; y-hat is the closest point of W to y (best approximation theorem).
- Example: project y = (3, 4, 5) onto the plane spanned by (1, 0, 0) and (0, 1, 1).
- Weights: 3 / 1 = 3 and 9 / 2 = 4.5, so y-hat = (3, 4.5, 4.5) and the error y - y-hat = (0, -0.5, 0.5).
- Check: the error is orthogonal to both basis vectors.
- With an orthonormal basis stored as the columns of U, the projection is simply y-hat = U U^T y.`,
        `# The Gram-Schmidt process
- Input: any basis x1, ..., xp of a subspace W. Output: an orthogonal basis v1, ..., vp of W.
- Step 1: v1 = x1.
- Step 2: v2 = x2 minus its projection onto v1.
- Step k: vk = xk minus its projections onto v1, ..., v(k-1).
- Normalize at the end (or as you go) to obtain an orthonormal basis.
- Example: x1 = (1, 1, 0), x2 = (1, 0, 1). Then v1 = (1, 1, 0) and v2 = (1, 0, 1) - (1/2)(1, 1, 0) = (1/2, -1/2, 1).
- QR factorization: Gram-Schmidt on the columns of A gives A = QR, with orthonormal columns in Q and R upper triangular with positive diagonal.
- In floating point, prefer modified Gram-Schmidt or Householder reflections: classical Gram-Schmidt slowly loses orthogonality.
- Exercise for tutorial: run the process on (1, 0, 1), (1, 1, 0), (0, 1, 1) and check your answer.`,
        `# Least squares
- Ax = b often has no solution: more equations than unknowns, noisy data.
- Least-squares solution: the x-hat that minimizes ||b - Ax||, so A x-hat is the projection of b onto Col A.
- Normal equations: A^T A x-hat = A^T b. Unique solution when the columns of A are independent.
- Line fitting: data (0, 1), (1, 2), (2, 4). Model y = c + mx.
- Rows of A are (1, 0), (1, 1), (1, 2); b = (1, 2, 4).
- A^T A has rows (3, 3), (3, 5); A^T b = (7, 10). Solving gives m = 1.5 and c = 5/6.
- Numerically, solve R x-hat = Q^T b from the QR factorization instead of forming A^T A, which squares the condition number.
- Next lecture: symmetric matrices, the spectral theorem and the singular value decomposition.`,
      ],
    },
    {
      slug: 'problem-set-4-determinants-and-vector-spaces',
      title: 'Problem Set 4: Determinants, Subspaces and Rank',
      description:
        'Weekly exercises on cofactor expansion, properties of determinants, subspaces, bases, dimension and the rank-nullity theorem, with short answers for self-checking.',
      kind: 'exercises',
      pages: [
        `# Part A: determinants
Show your working. Unless stated otherwise, all matrices have real entries.

1. Compute the determinant of the matrix with rows (2, 0, 1), (1, 3, -1), (0, 4, 2) using a cofactor expansion along the first row. Then compute it again by row reducing to triangular form and check that the answers agree.
2. A is a 4 by 4 matrix with det A = -3. Find det(2A), det(A^T), det(A⁻¹) and det(A³). Explain each answer with a property of determinants.
3. For which values of k is the matrix with rows (1, k, 0), (k, 1, 0), (0, 0, 2) invertible?
4. Show that if two rows of a square matrix are equal, its determinant is zero. Which row operation does your argument use?
5. The parallelogram spanned by (3, 1) and (1, 4) is mapped by the matrix with rows (2, 1) and (0, 3). Find the area of the image without computing the image vertices.

Hint for 5: the area of the image equals |det| of the transformation times the original area, and the original area is itself the absolute value of a 2 by 2 determinant.`,
        `# Part B: subspaces, bases and dimension
6. Decide whether each set is a subspace of R³, and justify your answer by checking the three conditions or by giving a counterexample.
(a) all vectors (x, y, z) with x + 2y - z = 0;
(b) all vectors with x + 2y - z = 1;
(c) all vectors with xy = 0.
7. Find a basis for the null space and for the column space of the matrix with rows (1, 2, 0, 1), (2, 4, 1, 4), (3, 6, 1, 5). State the dimension of each.
8. Let P2 be the space of polynomials of degree at most 2. Show that 1, 1 + t and (1 + t)² form a basis of P2, and find the coordinates of p(t) = 3 - t + 2t² in this basis.
9. Explain why four vectors in R³ can never be linearly independent, and why two vectors can never span R³.
10. True or false, with a reason: if the columns of a 5 by 5 matrix are linearly independent, then the equation Ax = b has a unique solution for every b in R⁵.`,
        `# Part C: rank and the rank-nullity theorem
11. A is a 6 by 9 matrix with a three-dimensional null space. Is it possible that Col A = R⁶? Use rank A + dim Nul A = number of columns.
12. A is 7 by 5 with rank 5. What is dim Nul A? How many solutions can Ax = b have?
13. Give an example of a 3 by 3 matrix whose column space equals its null space, or explain why none exists. (Hint: count dimensions.)

## Short answers for self-checking
1. det = 24.
2. det(2A) = 16 · (-3) = -48; det(A^T) = -3; det(A⁻¹) = -1/3; det(A³) = -27.
3. Invertible exactly when k is not 1 and not -1.
5. The original area is |3 · 4 - 1 · 1| = 11 and the determinant of the map is 6, so the image has area 66.
6. (a) is a subspace; (b) is not, since it misses the zero vector; (c) is not, because (1, 0, 0) + (0, 1, 0) leaves the set.
7. Rank 2: Nul A has dimension 2, with basis (-2, 1, 0, 0) and (-1, 0, -2, 1); Col A is spanned by the first and third columns.
11. Rank is 9 - 3 = 6, so yes, Col A = R⁶.
12. dim Nul A = 0, so there is either no solution or exactly one.
13. None: the two dimensions would have to be equal and add up to 3.`,
      ],
    },
    {
      slug: 'midterm-exam-autumn-2024',
      title: 'Midterm Examination, Autumn 2024',
      description:
        'The 90-minute midterm covering linear systems, matrix algebra, determinants and vector spaces, with the marking scheme printed beside each question.',
      kind: 'exam',
      pages: [
        `# MATH 221 Midterm Examination
Time allowed: 90 minutes. Total: 60 marks. Calculators are not permitted. Answer all questions in the booklet provided and show all working; a correct answer without justification earns at most half the marks.

1. (8 marks) Solve the system x1 + x2 + 2x3 = 4, 2x1 - x2 + x3 = 5, x1 + 4x2 + 5x3 = 7. Give the solution set in parametric vector form, and describe it geometrically.
2. (6 marks) Let A be the matrix with rows (1, 2) and (3, 5). Find A⁻¹ by row reducing the augmented matrix (A | I), and use it to solve Ax = (1, 1).
3. (6 marks) Let T: R² -> R² rotate every vector counter-clockwise by 90 degrees and then reflect it in the x-axis. Find the standard matrix of T, and state a single geometric description of T.

The remaining questions are on the next page. Do not turn over until instructed to do so.`,
        `# Questions 4 to 7
4. (10 marks) Let v1 = (1, 0, 2), v2 = (2, 1, 3) and v3 = (0, 1, h).
(a) For which values of h is the set {v1, v2, v3} linearly dependent?
(b) For that value, write v3 as a linear combination of v1 and v2.
(c) For every other value of h, explain why the three vectors form a basis of R³.
5. (10 marks) Compute the determinant of the 4 by 4 matrix with rows (1, 2, 0, 0), (3, 4, 0, 0), (0, 0, 5, 1), (0, 0, 2, 1). Explain briefly why it equals the product of two 2 by 2 determinants.
6. (10 marks) Let H be the set of 2 by 2 matrices whose entries sum to zero.
(a) Prove that H is a subspace of the space of all 2 by 2 matrices.
(b) Find a basis of H and state its dimension.
7. (10 marks) True or false? Justify each answer in one or two sentences.
(a) If AB = 0 and A is invertible, then B = 0.
(b) If the columns of A span R⁴, then A has four pivots.
(c) det(A + B) = det A + det B for all square matrices A and B.
(d) A homogeneous system with more unknowns than equations has a nontrivial solution.`,
        `# Marking notes and model answers
These notes were released after marking to help with revision.

Question 1. Row reduction gives x1 = 3 - x3 and x2 = 1 - x3, with x3 free, so the solution set is (3, 1, 0) + t(-1, -1, 1): a line in R³. Most lost marks came from arithmetic slips in the third row; check a solution by substituting it back.

Question 2. A⁻¹ has rows (-5, 2) and (3, -1), and x = A⁻¹(1, 1) = (-3, 2). Since det A = -1, the inverse has integer entries, which is a good sanity check.

Question 3. Rotation sends e1 to e2 and e2 to -e1; reflecting in the x-axis then gives T(e1) = -e2 and T(e2) = -e1. The matrix has rows (0, -1) and (-1, 0): this is reflection in the line y = -x.

Question 4. The determinant of the matrix with these columns is h + 1, so the vectors are dependent exactly when h = -1, and then v3 = -2v1 + v2.

Question 5. The matrix is block diagonal, so the determinant is (4 - 6)(5 - 2) = -6.

Question 6. H is the null space of the linear map that sums the entries, hence a subspace; it has dimension 3.

Question 7. True, true, false (take A = B = I), true.`,
      ],
    },
    {
      slug: 'final-exam-summary-sheet',
      title: 'Summary Sheet: Everything for the Final',
      description:
        'A condensed revision sheet of definitions, theorems and standard computations from the whole course, organised by topic, with the invertible matrix theorem in full.',
      kind: 'summary',
      pages: [
        `# The invertible matrix theorem
For an n by n matrix A the following statements are equivalent; if one holds, all hold:

- A is invertible, and A is row equivalent to the identity matrix.
- A has n pivot positions.
- Ax = 0 has only the trivial solution, so Nul A = {0}.
- The columns of A are linearly independent and span R^n, so they form a basis of R^n.
- The linear map x -> Ax is one-to-one and onto.
- Ax = b has exactly one solution for every b.
- A^T is invertible.
- rank A = n and dim Nul A = 0.
- det A is not zero.
- 0 is not an eigenvalue of A.

Use this theorem in both directions. To show that a matrix is not invertible, it is enough to find a nonzero vector in its null space, or two equal rows, or a zero eigenvalue. To show that a matrix is invertible, it is often quickest to compute its determinant or to count pivots after elimination.`,
        `# Standard computations
- Inverse of a 2 by 2 matrix with rows (a, b) and (c, d): divide the matrix with rows (d, -b) and (-c, a) by ad - bc.
- Determinant rules: a row swap changes the sign; scaling a row by k multiplies det by k; adding a multiple of one row to another changes nothing. det(AB) = det A det B.
- Change of basis: if the columns of P form a basis B, then x = P[x]B and [x]B = P⁻¹x.
- Rank-nullity: rank A + dim Nul A = number of columns.
- Eigenvalues: solve det(A - λI) = 0; eigenvectors: solve (A - λI)v = 0.
- Diagonalize: A = PDP⁻¹ with eigenvectors in P and eigenvalues in D, possible exactly when there are n independent eigenvectors.
- Projection onto a line spanned by u: (y · u / u · u) u.
- Least squares: solve A^T A x = A^T b.

# Orthogonality and symmetric matrices
- Gram-Schmidt turns any basis into an orthogonal one; QR factorization records the result.
- A matrix with orthonormal columns satisfies U^T U = I and preserves lengths and angles.
- Spectral theorem: a real symmetric matrix has real eigenvalues and can be diagonalized by an orthogonal matrix, A = QDQ^T.
- Singular value decomposition: every m by n matrix factors as A = U Sigma V^T; the singular values are the square roots of the eigenvalues of A^T A.`,
        `# Common mistakes seen in past exams
- Forgetting that an eigenvector must be nonzero, or giving the zero vector as a basis of an eigenspace.
- Concluding that a matrix is diagonalizable because it is invertible. The two properties are unrelated: the shear with rows (1, 1) and (0, 1) is invertible but not diagonalizable, while diag(1, 0) is diagonalizable but not invertible.
- Writing det(A + B) = det A + det B. The determinant is multiplicative, not additive.
- Reading the basis of a column space from the reduced matrix. Use the pivot columns of the original matrix A; row operations change the column space.
- Normalizing too early in Gram-Schmidt and then dividing by the wrong length.
- Solving the normal equations with the wrong product: it is A^T A, a square matrix, not A A^T.

# Exam technique
Spend the first five minutes reading every question and starting with the one you are surest of. In true-or-false questions, a single counterexample is a complete answer to a false statement; for a true statement, quote the theorem that makes it true. Always check an eigenvector by multiplying it by the matrix: it takes ten seconds and catches most arithmetic slips.`,
      ],
    },
  ],
};
