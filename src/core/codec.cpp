#include "core/codec.hpp"

#include <algorithm>
#include <charconv>
#include <map>

#include <limits>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"
#include "core/text_file.hpp"

namespace hidato {
namespace {

// One token of a grid, with where it came from (for a description: line 1, col = offset + 1).
struct Token {
  enum Kind { blank, hole, number } kind = blank;
  long long value = 0;
  std::string text;  // a number as written (messages quote it, never a clamped value)
  int line = 0;
  int col = 0;
};

struct RawGrid {
  std::string source;
  bool one_line = false;  // a description: places are "SOURCE, column C"
  Topology topology = Topology::square8;
  std::vector<std::vector<Token>> rows;
  std::vector<std::pair<std::string, std::string>> headers;
  long long too_many_rows = 0;  // rows seen past the size limit (their tokens are not kept)
  int first_dropped_line = 0;   // the line of the first of them
  long long first_width = 0;    // text format: tokens in the first row, past the size limit too
  int topology_line = 0;        // text format: the line of this text's `# topology:` header (0: none)

  // "file:line:col: message", or "argument 2, column 17: message" for a description.
  InputError error(int line, int col, const std::string& message) const {
    if (one_line) return InputError(source + (col > 0 ? ", column " + std::to_string(col) : "") + ": " + message);
    return InputError(located(source, line, col, message));
  }
};

bool is_integer(std::string_view s) {
  std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  if (i == s.size()) return false;
  for (; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

// An integer token's value; out of the long long range reads as the nearest bound (the range
// check then reports the token as written).
long long to_value(std::string_view s) {
  if (const auto v = parse_whole_number(s)) return *v;
  return s[0] == '-' ? std::numeric_limits<long long>::min() : std::numeric_limits<long long>::max();
}

std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

// A word meant as "topology": within two typos of it, or a longer word built on it
// ("topologies"), in any case.
bool near_topology(std::string_view word) {
  const std::string w = lower_case(word);
  return edit_distance(w, "topology") <= 2 || w.starts_with("topolog");
}

// The letters a header starts with, lower case, with the '#'s, spaces and other marks before and
// between its first words dropped ("## to pology: hex6" -> "topology...").
std::string leading_letters(std::string_view body) {
  std::string out;
  for (char c : body) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) out += static_cast<char>(c | 0x20);
    else if (c != '#' && c != ' ' && c != '\t' && c != '-' && c != '_') break;
    if (out.size() >= 10) break;
  }
  return out;
}

// Whether a header line names one of the topologies ("# topology - hex6").
bool names_a_topology(const std::string& body) {
  const std::string b = lower_case(body);
  return b.find("square8") != std::string::npos || b.find("square4") != std::string::npos ||
         b.find("hex6") != std::string::npos;
}

// A header meant to set the topology but not written `# topology: <name>` (misspelt, without its
// colon, with a full-width colon, an extra '#', a space inside the word: "# topolgy: hex6",
// "#topology hex6", "# topology = square4", "## topology: hex6", "# topology - hex6",
// "# topologies: hex6") would otherwise be kept as another header or a comment, and the board
// read as square8 without a word: refused instead. A comment that only mentions the word
// ("# topology of this board is odd", "# source: a topology book") is left alone.
void check_not_a_topology(std::string_view written, const std::string& body, int line_no, std::size_t at,
                          const RawGrid& g) {
  const auto colon = body.find(':');
  const std::string key = colon == std::string::npos ? std::string() : trim(std::string_view(body).substr(0, colon));
  if (lower_case(key) == "topology") return;
  std::string words = body;
  std::replace(words.begin(), words.end(), '=', ' ');
  const std::string first = words.substr(0, words.find_first_of(" \t:"));
  if (!near_topology(first) && !near_topology(leading_letters(body).substr(0, 8))) return;
  const std::string rest = trim(std::string_view(words).substr(first.size()));
  const bool one_word = !rest.empty() && rest.find_first_of(" \t") == std::string::npos;
  if (colon != std::string::npos && near_topology(key) && key.find_first_of(" \t#") == std::string::npos)
    throw g.error(line_no, static_cast<int>(at) + 1, "unknown header '" + printable(key) + "' (did you mean 'topology'?)");
  if (colon == std::string::npos && one_word)
    throw g.error(line_no, static_cast<int>(at) + 1, "a topology header needs a colon: '# topology: " + printable(rest) + "'");
  if (colon == std::string::npos && !names_a_topology(body)) return;  // a comment
  throw g.error(line_no, static_cast<int>(at) + 1,
                "a topology header reads '# topology: square8', 'square4' or 'hex6'; got '" +
                    printable(std::string(written)) + "'");
}

// `line`: a header line from its '#' on (trimmed), which sits at offset `at` of its line.
void parse_header(std::string_view line, int line_no, std::size_t at, RawGrid& g) {
  const std::string body = trim(line.substr(1));
  const auto colon = body.find(':');
  check_not_a_topology(line, body, line_no, at, g);
  if (colon == std::string::npos) return;  // a plain comment
  const std::string key = trim(std::string_view(body).substr(0, colon));
  const std::string value = trim(std::string_view(body).substr(colon + 1));
  if (lower_case(key) != "topology") {
    if (g.headers.size() >= max_headers_per_puzzle)
      throw g.error(line_no, static_cast<int>(at) + 1,
                    "more than " + std::to_string(max_headers_per_puzzle) + " 'key: value' headers for one puzzle");
    g.headers.emplace_back(key, value);
    return;
  }
  const auto t = parse_topology(lower_case(value));
  if (!t) {
    const int col = static_cast<int>(at + line.find(value, line.find(':') + 1)) + 1;
    throw g.error(line_no, col, "unknown topology '" + printable(value) + "' (expected square8, square4 or hex6)");
  }
  // A topology header sets the board of the rows that follow it: one after them, or a second one
  // that says otherwise, leaves open which board was meant.
  if (!g.rows.empty())
    throw g.error(line_no, static_cast<int>(at) + 1,
                  "the topology header comes after the rows of its puzzle (line " +
                      std::to_string(g.rows.front().empty() ? line_no : g.rows.front().front().line) +
                      "): put it above them");
  if (g.topology_line != 0 && *t != g.topology)
    throw g.error(line_no, static_cast<int>(at) + 1,
                  "a second topology header (" + std::string(to_string(*t)) + ") for the same puzzle (line " +
                      std::to_string(g.topology_line) + " says " + std::string(to_string(g.topology)) + ")");
  g.topology = *t;
  g.topology_line = line_no;
}

Token token_of(std::string_view word, int line_no, int col, const RawGrid& g) {
  Token t{Token::blank, 0, {}, line_no, col};
  if (word == "x" || word == "X") t.kind = Token::hole;
  else if (is_integer(word)) { t.kind = Token::number; t.value = to_value(word); t.text = word; }
  else if (word != ".")
    throw g.error(line_no, col, "unknown token '" + printable(word) + "' (expected a number, '.' or 'x')");
  return t;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The row's tokens; past the size limit (kept counts every cell so far) only counted, in `width`
// too (all the row's tokens).
std::vector<Token> parse_row(std::string_view line, int line_no, const RawGrid& g, long long& kept, long long& width) {
  std::vector<Token> row;
  width = 0;
  std::size_t i = 0;
  while (i < line.size()) {
    if (is_space(line[i])) { ++i; continue; }
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j])) ++j;
    const Token t = token_of(line.substr(i, j - i), line_no, static_cast<int>(i) + 1, g);
    ++width;
    if (++kept <= max_board_cells) row.push_back(t);
    i = j;
  }
  return row;
}

// Plan: one pass over the lines; headers set the topology, other lines are rows. Past the board
// size limit tokens are still checked and counted but not kept, so a huge file costs no memory
// beyond its text and the message can name its real size.
RawGrid read_raw(std::string_view text, const std::string& source, int lines_before = 0,
                 Topology topology = Topology::square8) {
  RawGrid g;
  g.source = source;
  g.topology = topology;
  int line_no = lines_before;
  long long kept = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    pos = end + 1;
    const std::string t = trim(line);
    if (t.empty()) { if (end == text.size()) break; continue; }
    long long width = 0;
    if (t[0] == '#') {
      parse_header(t, line_no, line.find('#'), g);
    } else if (kept >= max_board_cells) {
      parse_row(line, line_no, g, kept, width);
      if (g.too_many_rows++ == 0) g.first_dropped_line = line_no;
    } else {
      g.rows.push_back(parse_row(line, line_no, g, kept, width));
      if (g.rows.size() == 1) g.first_width = width;  // the first row always starts below the limit
    }
    if (end == text.size()) break;
  }
  return g;
}

// A board past the cell limit is refused at the first row that crosses it (it pointed at line 1
// without a column): the first row when it alone is too wide.
void check_size(const RawGrid& g) {
  const long long rows = static_cast<long long>(g.rows.size()) + g.too_many_rows;
  const long long cols = std::max(g.first_width, static_cast<long long>(g.rows.front().size()));
  const auto problem = board_size_problem(rows, cols);
  if (!problem) return;
  const auto crossing = static_cast<std::size_t>(cols > max_board_cells ? 0 : max_board_cells / cols);
  if (crossing >= g.rows.size()) throw g.error(g.first_dropped_line, 1, *problem);
  const Token& at = g.rows[crossing].front();
  throw g.error(at.line, at.col, *problem);
}

void check_rectangular(const RawGrid& g) {
  for (const auto& row : g.rows)
    if (row.size() != g.rows.front().size()) {
      const Token& at = row.size() > g.rows.front().size() ? row[g.rows.front().size()] : row.back();
      throw g.error(at.line, at.col,
                    "row has " + std::to_string(row.size()) + " cells, expected " +
                        std::to_string(g.rows.front().size()) + " (as in line " +
                        std::to_string(g.rows.front().front().line) + ")");
    }
}

std::string place(const RawGrid& g, const Token& t) {
  return g.one_line ? "column " + std::to_string(t.col) : std::to_string(t.line) + ":" + std::to_string(t.col);
}

void check_connected(const Board& b, const std::vector<const Token*>& token_of_cell, const RawGrid& g) {
  if (b.is_connected()) return;
  // Name the first cell (in reading order) that the first cell cannot reach.
  std::vector<bool> seen(static_cast<std::size_t>(b.size()), false);
  std::vector<CellId> stack{0};
  seen[0] = true;
  while (!stack.empty()) {
    const CellId c = stack.back();
    stack.pop_back();
    for (CellId n : b.neighbours(c))
      if (!seen[static_cast<std::size_t>(n)]) { seen[static_cast<std::size_t>(n)] = true; stack.push_back(n); }
  }
  CellId lost = 0;
  while (seen[static_cast<std::size_t>(lost)]) ++lost;
  const Token& t = *token_of_cell[static_cast<std::size_t>(lost)];
  throw g.error(t.line, t.col,
                "playable cells are not connected: this cell cannot be reached from the cell at " +
                    place(g, *token_of_cell[0]) + " (" + std::string(to_string(b.topology())) + ")");
}

Puzzle build_puzzle(const RawGrid& g) {
  if (g.rows.empty() || g.rows.front().empty()) throw g.error(0, 0, "empty board: no rows of cells");
  check_size(g);
  check_rectangular(g);
  const int rows = static_cast<int>(g.rows.size());
  const int cols = static_cast<int>(g.rows.front().size());
  std::vector<bool> playable;
  std::vector<const Token*> token_of_cell;
  for (const auto& row : g.rows)
    for (const Token& t : row) {
      playable.push_back(t.kind != Token::hole);
      if (t.kind != Token::hole) token_of_cell.push_back(&t);
    }
  if (token_of_cell.empty()) throw g.error(g.rows.front().front().line, 1, "empty board: every cell is a hole");
  Puzzle p{Board(g.topology, rows, cols, std::move(playable)), {}, g.headers};
  const long long n = p.board.size();
  p.givens.assign(static_cast<std::size_t>(n), 0);
  std::map<long long, const Token*> first_at;
  for (std::size_t c = 0; c < token_of_cell.size(); ++c) {
    const Token& t = *token_of_cell[c];
    if (t.kind != Token::number) continue;
    if (t.value < 1 || t.value > n)
      throw g.error(t.line, t.col,
                    "value " + t.text + " is out of range 1.." + std::to_string(n) + " (the board has " +
                        counted(n, "playable cell") + ")");
    if (auto [it, fresh] = first_at.emplace(t.value, &t); !fresh)
      throw g.error(t.line, t.col,
                    "value " + std::to_string(t.value) + " is given twice (first at " + place(g, *it->second) + ")");
    p.givens[c] = static_cast<int>(t.value);
  }
  check_connected(p.board, token_of_cell, g);
  return p;
}

int digits(int n) { return n >= 1000 ? 4 + (n >= 10000) : n >= 100 ? 3 : n >= 10 ? 2 : 1; }

}  // namespace

Puzzle parse_puzzle(std::string_view text, const std::string& source) {
  return build_puzzle(read_raw(normalized_text(text), source));
}

namespace {

bool is_header(std::string_view line, std::string_view key, bool with_colon) {
  const std::string t = trim(line);
  if (t.empty() || t[0] != '#') return false;
  const std::string body = lower_case(trim(std::string_view(t).substr(1)));
  if (with_colon) return body.starts_with(std::string(key) + ":");
  return body == key;
}

}  // namespace

Puzzle read_puzzle_file(const std::filesystem::path& file) {
  return parse_puzzle(read_text_file(file), file.string());
}

namespace {

// The topology a `# topology:` line sets before the first `# puzzle:` line (and before any row):
// the file's own, for every puzzle that does not name one (square8 when none does).
Topology file_topology(const std::vector<std::string_view>& lines, const std::string& source) {
  std::string preamble;
  for (std::string_view line : lines) {
    if (is_header(line, "puzzle", true)) return read_raw(preamble, source).topology;
    const std::string t = trim(line);
    if (!t.empty() && t[0] != '#') break;
    preamble += std::string(line) + "\n";
  }
  return Topology::square8;
}

// A blank line, or a header line that starts no section of its own (not `# puzzle:` nor
// `# solution`).
bool is_loose_header(std::string_view line) {
  const std::string t = trim(line);
  return t.empty() || (t[0] == '#' && !is_header(line, "puzzle", true) && !is_header(line, "solution", false));
}

}  // namespace

// Plan: give every line a block number (the puzzle it belongs to, or -1 inside a `# solution`
// block; the header lines right above a `# puzzle:` line go with it), then build one text per
// block with the other blocks' lines left empty, so that the line numbers of error messages stay
// those of the file. A topology set before the first `# puzzle:` line holds for every puzzle that
// does not set its own (file_topology).
std::vector<Puzzle> parse_puzzle_collection(std::string_view raw, const std::string& source) {
  const std::string normalized = normalized_text(raw);
  const std::string_view text = normalized;
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos <= text.size();) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  const Topology topology = file_topology(lines, source);
  std::vector<int> block(lines.size(), 0);
  std::vector<int> header_line{0};  // per block: the line of its `# puzzle:` header (0: none)
  int current = 0;
  bool in_solution = false, has_content = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (is_header(lines[i], "puzzle", true)) {
      if (has_content || header_line[static_cast<std::size_t>(current)] != 0) {  // a new puzzle
        if (current + 1 >= max_puzzles_per_file)
          throw InputError(located(source, static_cast<int>(i) + 1, 1,
                                   "more than " + std::to_string(max_puzzles_per_file) + " puzzles in one file"));
        ++current;
        header_line.push_back(0);
        // The header lines right above `# puzzle:` (`# topology:` as `solve` writes it) belong to
        // the puzzle below them, not to the grid or solution above.
        for (std::size_t j = i; j > 0 && is_loose_header(lines[j - 1]); --j) block[j - 1] = current;
      }
      header_line[static_cast<std::size_t>(current)] = static_cast<int>(i) + 1;
      has_content = in_solution = false;
    }
    if (is_header(lines[i], "solution", false)) in_solution = true;
    block[i] = in_solution ? -1 : current;
    if (!in_solution && !trim(lines[i]).empty() && trim(lines[i])[0] != '#') has_content = true;
  }
  // Blocks are contiguous apart from solution lines, so each is built from its own span.
  std::vector<Puzzle> out;
  std::size_t i = 0;
  for (int b = 0; b <= current; ++b) {
    while (i < lines.size() && block[i] != b) ++i;
    const std::size_t first = i;
    std::string one;
    for (; i < lines.size() && block[i] <= b; ++i) {
      if (block[i] == b) one += lines[i];
      one += '\n';
    }
    const RawGrid g = read_raw(one, source, static_cast<int>(first), topology);
    const int header = header_line[static_cast<std::size_t>(b)];
    if (g.rows.empty() && header > 0) throw g.error(header, 1, "this puzzle has no rows of cells");
    out.push_back(build_puzzle(g));
  }
  return out;
}

std::vector<Puzzle> read_puzzle_collection(const std::filesystem::path& file) {
  return parse_puzzle_collection(read_text_file(file), file.string());
}

std::string format_grid(const Puzzle& puzzle, const Values& values) {
  const Board& b = puzzle.board;
  std::string out = "# topology: " + std::string(to_string(b.topology())) + "\n";
  for (const auto& [k, v] : puzzle.headers) out += "# " + line_text(k) + ": " + line_text(v) + "\n";
  const int w = digits(b.size());
  for (int r = 0; r < b.rows(); ++r) {
    std::string line;
    for (int c = 0; c < b.cols(); ++c) {
      const CellId id = b.cell_at({r, c});
      std::string tok = id == no_cell ? "x"
                        : values[static_cast<std::size_t>(id)] == 0
                            ? "."
                            : std::to_string(values[static_cast<std::size_t>(id)]);
      if (c > 0) line += ' ';
      line += std::string(static_cast<std::size_t>(w) - std::min<std::size_t>(tok.size(), w), ' ') + tok;
    }
    out += line + "\n";
  }
  return out;
}

std::string describe_values(const Board& b, const Values& values) {
  std::string out = std::string(to_string(b.topology())) + ":" + std::to_string(b.rows()) + "x" +
                    std::to_string(b.cols()) + ":";
  for (int r = 0; r < b.rows(); ++r) {
    if (r > 0) out += '/';
    std::string row;
    int c = 0;
    while (c < b.cols()) {
      const CellId id = b.cell_at({r, c});
      const int v = id == no_cell ? -1 : values[static_cast<std::size_t>(id)];
      if (!row.empty()) row += ',';
      if (v > 0) { row += std::to_string(v); ++c; continue; }
      int run = 0;
      while (c < b.cols()) {
        const CellId id2 = b.cell_at({r, c});
        const int v2 = id2 == no_cell ? -1 : values[static_cast<std::size_t>(id2)];
        if (v2 != v) break;
        ++run;
        ++c;
      }
      row += v < 0 ? 'x' : '.';
      if (run > 1) row += std::to_string(run);
    }
    out += row;
  }
  return out;
}

std::string describe(const Puzzle& p) { return describe_values(p.board, p.givens); }

namespace {

// One row of a description (between slashes) as tokens; `at` is the row's offset in the text.
std::vector<Token> description_row(std::string_view row, std::size_t at, long long cols, const RawGrid& g) {
  std::vector<Token> out;
  std::size_t j = 0;
  while (j <= row.size()) {
    std::size_t k = row.find(',', j);
    if (k == std::string_view::npos) k = row.size();
    const std::string_view tok = row.substr(j, k - j);
    const int col = static_cast<int>(at + j) + 1;
    const bool run = !tok.empty() && (tok[0] == '.' || tok[0] == 'x' || tok[0] == 'X') && tok.size() > 1 &&
                     is_integer(tok.substr(1));
    const long long count = run ? to_value(tok.substr(1)) : 1;
    if (count < 1) throw g.error(1, col, "bad repeat count in '" + printable(tok) + "'");
    if (count > cols - static_cast<long long>(out.size()))
      throw g.error(1, col, "row " + std::to_string(g.rows.size() + 1) + " has more than " + std::to_string(cols) + " cells");
    const Token t = token_of(run ? tok.substr(0, 1) : tok, 1, col, g);
    out.insert(out.end(), static_cast<std::size_t>(count), t);
    j = k + 1;
  }
  return out;
}

}  // namespace

// Plan: check the header (topology, size within the board limit) before reading any row, then
// read the rows straight into the text format's RawGrid, so every message names the column of
// the description itself and the text format's checks (range, repeats, connection) are shared.
Puzzle parse_description(std::string_view desc, const std::string& source) {
  RawGrid g;
  g.source = source;
  g.one_line = true;
  const auto c1 = desc.find(':');
  const auto c2 = c1 == std::string_view::npos ? c1 : desc.find(':', c1 + 1);
  if (c2 == std::string_view::npos) throw g.error(1, 1, "expected '<topology>:<rows>x<cols>:<rows separated by />'");
  const auto topology = parse_topology(lower_case(desc.substr(0, c1)));
  if (!topology)
    throw g.error(1, 1, "unknown topology '" + printable(desc.substr(0, c1)) + "' (expected square8, square4 or hex6)");
  g.topology = *topology;
  const std::string_view size = desc.substr(c1 + 1, c2 - c1 - 1);
  const auto xpos = size.find('x');
  const auto rows = xpos == std::string_view::npos ? std::nullopt : parse_whole_number(size.substr(0, xpos));
  const auto cols = xpos == std::string_view::npos ? std::nullopt : parse_whole_number(size.substr(xpos + 1));
  const auto digits_only = [](std::string_view d) {
    return !d.empty() && std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (xpos != std::string_view::npos && digits_only(size.substr(0, xpos)) && digits_only(size.substr(xpos + 1)) &&
      (!rows || !cols))  // whole numbers past 64 bits: too large, not malformed
    throw g.error(1, static_cast<int>(c1) + 2,
                  "board too large: " + printable(size) + " (the limit is 65,536 cells, e.g. 256 x 256)");
  if (!rows || !cols)
    throw g.error(1, static_cast<int>(c1) + 2, "expected the size as <rows>x<cols>, got '" + printable(size) + "'");
  if (const auto problem = board_size_problem(*rows, *cols)) throw g.error(1, static_cast<int>(c1) + 2, *problem);
  std::size_t i = c2 + 1;
  while (i <= desc.size()) {
    std::size_t end = desc.find('/', i);
    if (end == std::string_view::npos) end = desc.size();
    if (static_cast<long long>(g.rows.size()) == *rows)
      throw g.error(1, static_cast<int>(i) + 1, "more rows than the " + std::to_string(*rows) + " the size says");
    g.rows.push_back(description_row(desc.substr(i, end - i), i, *cols, g));
    if (static_cast<long long>(g.rows.back().size()) != *cols)
      throw g.error(1, static_cast<int>(i) + 1,
                    "row " + std::to_string(g.rows.size()) + " has " + std::to_string(g.rows.back().size()) +
                        " cells, expected " + std::to_string(*cols));
    i = end + 1;
  }
  if (static_cast<long long>(g.rows.size()) != *rows)
    throw g.error(1, static_cast<int>(c2) + 2,
                  "found " + std::to_string(g.rows.size()) + " rows, expected " + std::to_string(*rows));
  return build_puzzle(g);
}

std::vector<std::vector<int>> to_grid(const Board& b, const Values& values) {
  std::vector<std::vector<int>> grid(static_cast<std::size_t>(b.rows()),
                                     std::vector<int>(static_cast<std::size_t>(b.cols()), -1));
  for (CellId c = 0; c < b.size(); ++c)
    grid[static_cast<std::size_t>(b.coord(c).row)][static_cast<std::size_t>(b.coord(c).col)] =
        values[static_cast<std::size_t>(c)];
  return grid;
}

}  // namespace hidato
