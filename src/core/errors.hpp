#pragma once
// The three kinds of error (see STYLE.md §6):
//  1. bad input    -> InputError (exit 1), message already located: "file:line:col: what"
//  2. expected outcomes (not unique, budget spent) -> values (Verdict, Result<T>), never exceptions
//  3. broken invariants -> assert
// Plus environment failures while writing output -> OutputError (exit 3).
#include <stdexcept>
#include <string>

namespace hidato {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "file:line:col: message" with 1-based line and column; line/col 0 are left out.
std::string located(const std::string& file, int line, int col, const std::string& message);

struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace hidato
