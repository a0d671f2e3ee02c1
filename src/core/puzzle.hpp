#pragma once
// A puzzle is a board plus its givens; a solution is the full numbering.
#include <string>
#include <utility>
#include <vector>

#include "core/board.hpp"

namespace hidato {

// values[cell] for every playable cell. In givens 0 means blank; in a solution every entry is 1..N.
using Values = std::vector<int>;

struct Puzzle {
  Board board;
  Values givens;  // size() == board.size(); 0 = blank
  // Free-form `# key: value` header lines (other than topology), kept in order for round trips.
  std::vector<std::pair<std::string, std::string>> headers;
  friend bool operator==(const Puzzle& a, const Puzzle& b) {
    return a.board == b.board && a.givens == b.givens;
  }
};

int count_givens(const Values& givens);

// True when `solution` numbers every cell 1..N once, consecutive numbers touch, and it agrees with
// every given. This is the independent check applied to every answer the solver gives.
bool is_valid_solution(const Puzzle& puzzle, const Values& solution);

// The puzzle whose givens are exactly the cells of `solution` selected by `keep`.
Values givens_from(const Values& solution, const std::vector<bool>& keep);

// The same path numbered from its other end: v -> N+1-v in every cell (0, blank, stays 0).
Values reversed(const Values& values);

// Every solution's reversal is another solution: the givens read the same numbered backwards
// (none, or only the middle value of an odd N) and N >= 2. Such a puzzle has no solution or
// several.
bool solutions_come_in_pairs(const Puzzle& puzzle);

}  // namespace hidato
