import { mcpTask } from 'vitest-mcp-bench'

/**
 * Hard tier, numerical work over the scientific-computing fixture (a fresh
 * tensor store per task) with math. Results come back as values, not as
 * stored tensors, so each intermediate matrix must be read from one answer
 * and stored again for the next step: the chains are long by nature, and
 * checks (a determinant before an inverse, a residual after a solve) decide
 * whether to go on.
 */

mcpTask('hard/scientific-computing+math/spring-system-solve', {
  servers: ['scientific-computing', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    'Store the stiffness matrix K = [[4,-2,0],[-2,5,-3],[0,-3,7]] and the load vector f = [10, 0, 5] (as a 3×1 matrix). Check that K is invertible (determinant and rank) and compute its eigenvalues. Compute its condition number (largest / smallest eigenvalue) with the math tools. Invert K, store the inverse, multiply it by f to get the displacements u, store u, and multiply K by u to check that it gives back f. Find the largest displacement with the math tools. Report the determinant, rank, eigenvalues, whether K is positive definite, the condition number, u, the check and the largest displacement.',
  fuzzy:
    'I have a little three-spring system with stiffness matrix [[4,-2,0],[-2,5,-3],[0,-3,7]] and loads [10, 0, 5]. Is the matrix invertible (give its determinant) and positive definite, what are its eigenvalues, and how well conditioned is it (ratio of its largest to smallest eigenvalue)? Solve for the displacements by way of the inverse, verify that they reproduce the loads, and tell me which node moves most and by how much.',
  reference: {
    calls: [
      { id: 'K', tool: 'scientific-computing.create_tensor', args: { shape: [3, 3], values: [4, -2, 0, -2, 5, -3, 0, -3, 7], name: 'K' } },
      { id: 'f', tool: 'scientific-computing.create_tensor', args: { shape: [3, 1], values: [10, 0, 5], name: 'f' } },
      { id: 'det', tool: 'scientific-computing.determinant', args: { name: 'K' }, after: ['K'] },
      { id: 'rank', tool: 'scientific-computing.rank', args: { name: 'K' }, after: ['K'] },
      { id: 'eigen', tool: 'scientific-computing.compute_eigen', args: { name: 'K' }, after: ['K'] },
      { id: 'cond', tool: 'math.division', args: { numerator: 9.43389569018, denominator: 1.63309015488 }, after: ['eigen'] },
      { id: 'inverse', tool: 'scientific-computing.matrix_inverse', args: { name: 'K' }, after: ['det', 'rank'] },
      {
        id: 'store-inverse',
        tool: 'scientific-computing.create_tensor',
        args: {
          shape: [3, 3],
          values: [
            0.342105263158, 0.184210526316, 0.0789473684211, 0.184210526316, 0.368421052632, 0.157894736842, 0.0789473684211,
            0.157894736842, 0.210526315789,
          ],
          name: 'K_inv',
        },
        after: ['inverse'],
      },
      {
        id: 'solve',
        tool: 'scientific-computing.multiply_matrices',
        args: { name_a: 'K_inv', name_b: 'f' },
        after: ['store-inverse', 'f'],
      },
      {
        id: 'store-u',
        tool: 'scientific-computing.create_tensor',
        args: { shape: [3, 1], values: [3.8157894736855, 2.63157894737, 1.8421052631560002], name: 'u' },
        after: ['solve'],
      },
      { id: 'check', tool: 'scientific-computing.multiply_matrices', args: { name_a: 'K', name_b: 'u' }, after: ['store-u'] },
      { id: 'largest', tool: 'math.max', args: { numbers: [3.8157894736855, 2.63157894737, 1.8421052631560002] }, after: ['solve'] },
    ],
    answer:
      'det(K) = 76 and its rank is 3, so K is invertible. Its eigenvalues are about 9.434, 4.933 and 1.633, all positive, so K is positive definite; the condition number is 9.434 / 1.633 ≈ 5.78, well conditioned. K⁻¹ = [[0.3421, 0.1842, 0.0789], [0.1842, 0.3684, 0.1579], [0.0789, 0.1579, 0.2105]] (that is adj(K)/76). The displacements are u = K⁻¹f ≈ [3.816, 2.632, 1.842], and K·u gives back [10, 0, 5]. The first node moves most, by about 3.816.',
    facts: [
      { value: '76', goal: 'conditioning' },
      { value: '9.434', goal: 'conditioning' },
      { value: '1.633', goal: 'conditioning' },
      { value: '5.78', goal: 'conditioning' },
      { value: '3.816', goal: 'displacements' },
      { value: '2.632', goal: 'displacements' },
      { value: '1.842', goal: 'displacements' },
    ],
  },
})

mcpTask('hard/scientific-computing+math/least-squares-line', {
  servers: ['scientific-computing', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 4,
  prompt:
    'Fit y = a·x + b by least squares to the points (1, 2.1), (2, 3.9), (3, 6.2), (4, 7.8), (5, 10.1) through the normal equations. Store the design matrix A (5×2, rows [x, 1]) and y (5×1). Transpose A and store Aᵀ; multiply Aᵀ·A and Aᵀ·y and store both; check that AᵀA has a non-zero determinant, invert it and store the inverse; multiply the inverse by Aᵀy to get [a, b]. With the math tools, predict y at x = 6 (a·6 + b) and compute the mean of the observed y. Report AᵀA, its determinant, a and b, the prediction and the mean.',
  fuzzy:
    'I measured y = 2.1, 3.9, 6.2, 7.8 and 10.1 at x = 1, 2, 3, 4 and 5. Fit a straight line by least squares the classic way, through the normal equations with an explicit matrix inverse, and show me the intermediate matrix you invert, its determinant, and the right-hand side vector (Aᵀy). What are the slope and intercept, what does the line predict at x = 6, and what is the average of my measurements?',
  reference: {
    calls: [
      { id: 'A', tool: 'scientific-computing.create_tensor', args: { shape: [5, 2], values: [1, 1, 2, 1, 3, 1, 4, 1, 5, 1], name: 'A' } },
      { id: 'y', tool: 'scientific-computing.create_tensor', args: { shape: [5, 1], values: [2.1, 3.9, 6.2, 7.8, 10.1], name: 'y' } },
      { id: 'mean', tool: 'math.mean', args: { numbers: [2.1, 3.9, 6.2, 7.8, 10.1] } },
      { id: 'At', tool: 'scientific-computing.transpose', args: { name: 'A' }, after: ['A'] },
      {
        id: 'store-At',
        tool: 'scientific-computing.create_tensor',
        args: { shape: [2, 5], values: [1, 2, 3, 4, 5, 1, 1, 1, 1, 1], name: 'At' },
        after: ['At'],
      },
      { id: 'AtA', tool: 'scientific-computing.multiply_matrices', args: { name_a: 'At', name_b: 'A' }, after: ['store-At'] },
      { id: 'Aty', tool: 'scientific-computing.multiply_matrices', args: { name_a: 'At', name_b: 'y' }, after: ['store-At', 'y'] },
      {
        id: 'store-AtA',
        tool: 'scientific-computing.create_tensor',
        args: { shape: [2, 2], values: [55, 15, 15, 5], name: 'AtA' },
        after: ['AtA'],
      },
      {
        id: 'store-Aty',
        tool: 'scientific-computing.create_tensor',
        args: { shape: [2, 1], values: [110.2, 30.1], name: 'Aty' },
        after: ['Aty'],
      },
      { id: 'det', tool: 'scientific-computing.determinant', args: { name: 'AtA' }, after: ['store-AtA'] },
      { id: 'inverse', tool: 'scientific-computing.matrix_inverse', args: { name: 'AtA' }, after: ['det'] },
      {
        id: 'store-inverse',
        tool: 'scientific-computing.create_tensor',
        args: { shape: [2, 2], values: [0.1, -0.3, -0.3, 1.1], name: 'AtA_inv' },
        after: ['inverse'],
      },
      {
        id: 'coefficients',
        tool: 'scientific-computing.multiply_matrices',
        args: { name_a: 'AtA_inv', name_b: 'Aty' },
        after: ['store-inverse', 'store-Aty'],
      },
      { id: 'six-a', tool: 'math.multiply', args: { firstNumber: 1.99, SecondNumber: 6 }, after: ['coefficients'] },
      { id: 'prediction', tool: 'math.add', args: { firstNumber: 11.94, secondNumber: 0.05 }, after: ['six-a'] },
    ],
    answer:
      'AᵀA = [[55, 15], [15, 5]] with determinant 50, so it can be inverted: (AᵀA)⁻¹ = [[0.1, -0.3], [-0.3, 1.1]]. Aᵀy = [110.2, 30.1], so [a, b] = (AᵀA)⁻¹Aᵀy = [1.99, 0.05]: the line is y = 1.99x + 0.05. At x = 6 it predicts 11.99. The mean of the measurements is 6.02.',
    facts: [
      { value: '55', goal: 'normal equations' },
      { value: '110.2', goal: 'normal equations' },
      { value: '50', goal: 'normal equations' },
      { value: '1.99', goal: 'fit' },
      { value: '0.05', goal: 'fit' },
      { value: '11.99', goal: 'prediction' },
      { value: '6.02', goal: 'mean' },
    ],
  },
})

mcpTask('hard/scientific-computing+math/field-sensor-hotspot', {
  servers: ['scientific-computing', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 5,
  prompt:
    'For the flow field F = [x**2*y, y*z**2, x*z], compute the divergence at the three sensors A (1, 2, 1), B (2, 1, 1) and C (0, 2, 2) and take the largest with the math tools. At the sensor with the largest divergence, compute the curl; store the curl vector and compute its squared magnitude with a dot product. For the temperature T = x**2*y + z**3, compute the gradient and the Laplacian, and the directional derivative along the curl vector (normalised); evaluate that derivative at the chosen sensor with the math tools (multiply each term by its value there and add them up). Report the three divergences and the chosen sensor, the curl there and its squared magnitude, the gradient, the Laplacian, and the directional derivative at the sensor.',
  fuzzy:
    'We model a flow with velocity field F = [x²y, yz², xz] and have three sensors: A at (1, 2, 1), B at (2, 1, 1) and C at (0, 2, 2). Which one sees the strongest outflow (divergence)? Name only the winning sensor by its letter, with its divergence value. At that sensor, what is the rotation (the curl vector, as numbers) and the square of its length? The temperature is T = x²y + z³: give me its gradient and its Laplacian (as formulas), and the number for how fast the temperature changes at that sensor when you move along the unit vector of the curl there.',
  reference: {
    calls: [
      { id: 'div-A', tool: 'scientific-computing.divergence', args: { f_str: '[x**2*y, y*z**2, x*z]', point: [1, 2, 1] } },
      { id: 'div-B', tool: 'scientific-computing.divergence', args: { f_str: '[x**2*y, y*z**2, x*z]', point: [2, 1, 1] } },
      { id: 'div-C', tool: 'scientific-computing.divergence', args: { f_str: '[x**2*y, y*z**2, x*z]', point: [0, 2, 2] } },
      { id: 'grad', tool: 'scientific-computing.gradient', args: { f_str: 'x**2*y + z**3' } },
      { id: 'lap', tool: 'scientific-computing.laplacian', args: { f_str: 'x**2*y + z**3' } },
      { id: 'largest', tool: 'math.max', args: { numbers: [6, 7, 4] }, after: ['div-A', 'div-B', 'div-C'] },
      { id: 'curl', tool: 'scientific-computing.curl', args: { f_str: '[x**2*y, y*z**2, x*z]', point: [2, 1, 1] }, after: ['largest'] },
      {
        id: 'store-curl',
        tool: 'scientific-computing.create_tensor',
        args: { shape: [3], values: [-2, -1, -4], name: 'w' },
        after: ['curl'],
      },
      { id: 'curl-squared', tool: 'scientific-computing.vector_dot_product', args: { name_a: 'w', name_b: 'w' }, after: ['store-curl'] },
      {
        id: 'along-curl',
        tool: 'scientific-computing.directional_deriv',
        args: { f_str: 'x**2*y + z**3', u: [-2, -1, -4] },
        after: ['curl'],
      },
      { id: 'term-x2', tool: 'math.multiply', args: { firstNumber: -0.218217890235992, SecondNumber: 4 }, after: ['along-curl'] },
      { id: 'term-xy', tool: 'math.multiply', args: { firstNumber: -0.87287156094397, SecondNumber: 2 }, after: ['along-curl'] },
      { id: 'term-z2', tool: 'math.multiply', args: { firstNumber: -2.61861468283191, SecondNumber: 1 }, after: ['along-curl'] },
      {
        id: 'value',
        tool: 'math.sum',
        args: { numbers: [-0.872871560943968, -1.74574312188794, -2.61861468283191] },
        after: ['term-x2', 'term-xy', 'term-z2'],
      },
    ],
    answer:
      'Sensor B, at (2, 1, 1), sees the strongest outflow: the divergence 2*x*y + z**2 + x is 7 there. The curl is [-2*y*z, -z, -x**2], which at B is [-2,-1,-4]; its squared magnitude is 21. For T, the gradient is [2*x*y, x**2, 3*z**2] and the Laplacian is 2*y + 6*z. Along the normalised curl direction the derivative is -0.2182*x**2 - 0.8729*x*y - 2.6186*z**2, which at B is about -5.237: the temperature falls by about 5.24 per unit of distance in that direction.',
    facts: [
      // The prompt labels the sensors and asks for the winner alone, so the losers are forbidden.
      {
        value: 'sensor B',
        anyOf: ['B at (2, 1, 1)', 'B (2, 1, 1)'],
        forbid: ['sensor A', 'sensor C', 'A at (1, 2, 1)', 'C at (0, 2, 2)'],
        derived: 'B has the largest of the divergences 6, 7 and 4',
        goal: 'divergence',
      },
      { value: '7', goal: 'divergence' },
      // The curl at B, as the prompt asks for numbers: written as a list, a tuple or in i/j/k.
      { value: '-2,-1,-4', anyOf: ['-2, -1, -4', '-2 -1 -4', '-2i - j - 4k', '-2i - 1j - 4k', '-2 i - j - 4 k'], goal: 'curl' },
      { value: '21', goal: 'curl' },
      // The Laplacian in SymPy syntax (as the tool writes it) or in ordinary notation.
      { value: '2*y + 6*z', anyOf: ['2y + 6z', '6z + 2y', '6*z + 2*y', '2y+6z', '2*y+6*z', '2*C.y + 6*C.z'], goal: 'temperature' },
      { value: '-5.237', goal: 'temperature' },
    ],
  },
})

mcpTask('hard/scientific-computing+math/principal-axes', {
  servers: ['scientific-computing', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    "Store the covariance matrix C = [[4,2,0],[2,3,1],[0,1,2]] and the data point p = [1, 1, 1]. Compute C's eigenvalues and eigenvectors, its determinant and an orthonormal basis of its column space. With the math tools, add up the eigenvalues and compute the share of variance along the largest one. Change C to the basis of its eigenvectors (columns) to confirm it becomes diagonal. Store the principal eigenvector v1; compute p's coordinate along it (dot product) and its projection onto it. Report the eigenvalues, their sum, the determinant, the variance share, the principal axis, the diagonal form, p's coordinate and projection.",
  fuzzy:
    'Here is a 3×3 covariance matrix, [[4,2,0],[2,3,1],[0,1,2]]. What are its principal axes (unit vectors) and the variances along them (the eigenvalues), and what share of the total variance does the main axis carry? Show that in the basis of those axes the matrix is diagonal, and give me its determinant. Then for the observation [1, 1, 1]: what is its coordinate along the main axis and its projection onto it?',
  reference: {
    calls: [
      { id: 'C', tool: 'scientific-computing.create_tensor', args: { shape: [3, 3], values: [4, 2, 0, 2, 3, 1, 0, 1, 2], name: 'C' } },
      { id: 'p', tool: 'scientific-computing.create_tensor', args: { shape: [3], values: [1, 1, 1], name: 'p' } },
      { id: 'eigen', tool: 'scientific-computing.compute_eigen', args: { name: 'C' }, after: ['C'] },
      { id: 'det', tool: 'scientific-computing.determinant', args: { name: 'C' }, after: ['C'] },
      { id: 'basis', tool: 'scientific-computing.find_orthonormal_basis', args: { name: 'C' }, after: ['C'] },
      { id: 'total', tool: 'math.sum', args: { numbers: [5.66907908828, 2.47602360292, 0.8548973088] }, after: ['eigen'] },
      {
        id: 'diagonal',
        tool: 'scientific-computing.change_basis',
        args: {
          name: 'C',
          new_basis: [
            [0.756320024866, -0.491296263512, -0.431981482759],
            [0.631178968776, 0.374361954783, 0.679313061986],
            [0.172026536793, 0.786435698751, -0.593233311917],
          ],
        },
        after: ['eigen'],
      },
      {
        id: 'v1',
        tool: 'scientific-computing.create_tensor',
        args: { shape: [3], values: [0.756320024866, 0.631178968776, 0.172026536793], name: 'v1' },
        after: ['eigen'],
      },
      { id: 'share', tool: 'math.division', args: { numerator: 5.66907908828, denominator: 9 }, after: ['total'] },
      { id: 'coordinate', tool: 'scientific-computing.vector_dot_product', args: { name_a: 'p', name_b: 'v1' }, after: ['v1', 'p'] },
      {
        id: 'projection',
        tool: 'scientific-computing.vector_project',
        args: { name: 'p', new_vector: [0.756320024866, 0.631178968776, 0.172026536793] },
        after: ['v1', 'p'],
      },
    ],
    answer:
      'C has eigenvalues about 5.669, 2.476 and 0.855, which add up to 9 (its trace); its determinant is 12. The main axis is v1 ≈ [0.756, 0.631, 0.172] and carries 5.669 / 9 ≈ 63.0% of the variance (0.630). In the eigenvector basis C becomes diag(5.669, 2.476, 0.855), with zeros elsewhere. The observation [1, 1, 1] has coordinate about 1.560 along the main axis, and its projection onto it is about [1.180, 0.984, 0.268].',
    facts: [
      { value: '5.669', goal: 'axes' },
      { value: '0.855', goal: 'axes' },
      { value: '12', goal: 'axes' },
      { value: '0.630', anyOf: ['63.0%', '63%'], goal: 'variance' },
      { value: '0.756', goal: 'axes' },
      { value: '1.560', goal: 'observation' },
      { value: '1.180', goal: 'observation' },
    ],
  },
})
