// The benchmark's native peer: runs a circuit read from standard input on qulacs's C++ kernels
// (csim), gate by gate, as a qulacs user's circuit runs without its optimizer. Built by
// scripts/build-qulacs.sh from qulacs's public source; read by scripts/bench-sim.ts.
//
//   qulacs-driver <qubits> <threads> <repeats> < circuit
//
// The circuit has one gate a line: "h q", "x q", "cx c t", "swap a b", "ry q θ", "u3 q θ φ λ",
// "cp c t λ" (qubit 0 is the lowest bit of an index, as in the project's simulator). Prints one
// line of JSON: the fastest run's milliseconds (zeroing the state, then the gates), and the probabilities of the first 8 indices, which
// the benchmark compares with its own run of the same circuit.
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <omp.h>

#include "init_ops.hpp"
#include "memory_ops.hpp"
#include "update_ops.hpp"

namespace {

struct Gate {
  char kind;  // h, n (x), x (cx), s (swap), r (dense one-qubit), p (controlled phase)
  UINT a = 0, b = 0;
  CTYPE m[4];
};

Gate dense(UINT q, CTYPE m00, CTYPE m01, CTYPE m10, CTYPE m11) {
  Gate g{'r', q, 0, {m00, m01, m10, m11}};
  return g;
}

std::vector<Gate> readCircuit(std::istream& in) {
  std::vector<Gate> gates;
  std::string line;
  const CTYPE i(0, 1);
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string name;
    if (!(words >> name)) continue;
    if (name == "h") {
      Gate g{'h'};
      words >> g.a;
      gates.push_back(g);
    } else if (name == "x") {
      Gate g{'n'};
      words >> g.a;
      gates.push_back(g);
    } else if (name == "cx") {
      Gate g{'x'};
      words >> g.a >> g.b;
      gates.push_back(g);
    } else if (name == "swap") {
      Gate g{'s'};
      words >> g.a >> g.b;
      gates.push_back(g);
    } else if (name == "ry") {
      UINT q;
      double t;
      words >> q >> t;
      const double c = std::cos(t / 2), s = std::sin(t / 2);
      gates.push_back(dense(q, c, -s, s, c));
    } else if (name == "u3") {
      UINT q;
      double t, p, l;
      words >> q >> t >> p >> l;
      const double c = std::cos(t / 2), s = std::sin(t / 2);
      gates.push_back(dense(q, c, -std::exp(i * l) * s, std::exp(i * p) * s, std::exp(i * (p + l)) * c));
    } else if (name == "cp") {
      Gate g{'p'};
      double l;
      words >> g.a >> g.b >> l;
      g.m[0] = 1;
      g.m[1] = 0;
      g.m[2] = 0;
      g.m[3] = std::exp(i * l);
      gates.push_back(g);
    } else {
      std::cerr << "unknown gate: " << name << "\n";
      std::exit(2);
    }
  }
  return gates;
}

void run(const std::vector<Gate>& gates, CTYPE* state, ITYPE dim) {
  for (const Gate& g : gates) {
    switch (g.kind) {
      case 'h': H_gate(g.a, state, dim); break;
      case 'n': X_gate(g.a, state, dim); break;
      case 'x': CNOT_gate(g.a, g.b, state, dim); break;
      case 's': SWAP_gate(g.a, g.b, state, dim); break;
      case 'r': single_qubit_dense_matrix_gate(g.a, g.m, state, dim); break;
      case 'p': single_qubit_control_single_qubit_dense_matrix_gate(g.a, 1, g.b, g.m, state, dim); break;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: qulacs-driver <qubits> <threads> <repeats> < circuit\n";
    return 2;
  }
  const UINT qubits = std::atoi(argv[1]);
  const int threads = std::atoi(argv[2]);
  const int repeats = std::atoi(argv[3]);
  omp_set_num_threads(threads);
  const std::vector<Gate> gates = readCircuit(std::cin);
  const ITYPE dim = 1ULL << qubits;
  CTYPE* state = allocate_quantum_state(dim);
  double best = 1e300;
  for (int k = 0; k < repeats; ++k) {
    const auto start = std::chrono::steady_clock::now();
    initialize_quantum_state(state, dim);
    run(gates, state, dim);
    const auto end = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::milli>(end - start).count());
  }
  std::printf("{\"ms\":%.4f,\"gates\":%zu,\"threads\":%d,\"first\":[", best, gates.size(), threads);
  for (ITYPE k = 0; k < 8 && k < dim; ++k) std::printf("%s%.12g", k ? "," : "", std::norm(state[k]));
  std::printf("]}\n");
  release_quantum_state(state);
  return 0;
}
