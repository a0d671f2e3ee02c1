#include "core/errors.hpp"

namespace hidato {

std::string located(const std::string& file, int line, int col, const std::string& message) {
  std::string out = file;
  if (line > 0) out += ":" + std::to_string(line);
  if (line > 0 && col > 0) out += ":" + std::to_string(col);
  return out + ": " + message;
}

}  // namespace hidato
