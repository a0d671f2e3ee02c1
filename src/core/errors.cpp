#include "core/errors.hpp"

#include "core/text.hpp"

namespace hidato {

// The file is written as line_text writes it: a line break in its name (a file called
// "bad\nname.txt") printed raw split the message over two lines that read as two messages.
std::string located(const std::string& file, int line, int col, const std::string& message) {
  std::string out = line_text(file);
  if (line > 0) out += ":" + std::to_string(line);
  if (line > 0 && col > 0) out += ":" + std::to_string(col);
  return out + ": " + message;
}

}  // namespace hidato
