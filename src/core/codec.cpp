#include "core/codec.hpp"

#include <charconv>
#include <map>

#include "core/errors.hpp"
#include "core/text_file.hpp"

namespace hidato {
namespace {

// One token of a grid, with where it came from.
struct Token {
  enum Kind { blank, hole, number } kind = blank;
  long long value = 0;
  int line = 0;
  int col = 0;
};

struct RawGrid {
  Topology topology = Topology::square8;
  std::vector<std::vector<Token>> rows;
  std::vector<std::pair<std::string, std::string>> headers;
};

bool is_integer(std::string_view s) {
  std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  if (i == s.size()) return false;
  for (; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

long long to_value(std::string_view s) {
  long long v = 0;
  if (s[0] == '+') s.remove_prefix(1);
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc::result_out_of_range) return s[0] == '-' ? -1 : (1LL << 62);
  return v;
}

std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

void parse_header(std::string_view line, int line_no, const std::string& source, RawGrid& g) {
  const std::string body = trim(line.substr(1));
  const auto colon = body.find(':');
  if (colon == std::string::npos) return;  // a plain comment
  const std::string key = trim(std::string_view(body).substr(0, colon));
  const std::string value = trim(std::string_view(body).substr(colon + 1));
  if (key != "topology") {
    g.headers.emplace_back(key, value);
    return;
  }
  const auto t = parse_topology(value);
  if (!t) {
    const int col = static_cast<int>(line.find(value, line.find(':') + 1)) + 1;
    throw InputError(located(source, line_no, col,
                             "unknown topology '" + value + "' (expected square8, square4 or hex6)"));
  }
  g.topology = *t;
}

std::vector<Token> parse_row(std::string_view line, int line_no, const std::string& source) {
  std::vector<Token> row;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') { ++i; continue; }
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    const std::string_view word = line.substr(i, j - i);
    Token t{Token::blank, 0, line_no, static_cast<int>(i) + 1};
    if (word == "x" || word == "X") t.kind = Token::hole;
    else if (is_integer(word)) { t.kind = Token::number; t.value = to_value(word); }
    else if (word != ".")
      throw InputError(located(source, line_no, t.col, "unknown token '" + std::string(word) +
                                                           "' (expected a number, '.' or 'x')"));
    row.push_back(t);
    i = j;
  }
  return row;
}

RawGrid read_raw(std::string_view text, const std::string& source) {
  RawGrid g;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    pos = end + 1;
    const std::string t = trim(line);
    if (t.empty()) { if (end == text.size()) break; continue; }
    if (t[0] == '#') parse_header(line, line_no, source, g);
    else g.rows.push_back(parse_row(line, line_no, source));
    if (end == text.size()) break;
  }
  return g;
}

void check_rectangular(const RawGrid& g, const std::string& source) {
  for (const auto& row : g.rows)
    if (row.size() != g.rows.front().size()) {
      const Token& at = row.size() > g.rows.front().size() ? row[g.rows.front().size()] : row.back();
      const int col = row.size() > g.rows.front().size() ? at.col : at.col;
      throw InputError(located(source, at.line, col,
                               "row has " + std::to_string(row.size()) + " cells, expected " +
                                   std::to_string(g.rows.front().size()) + " (as in line " +
                                   std::to_string(g.rows.front().front().line) + ")"));
    }
}

void check_connected(const Board& b, const std::vector<const Token*>& token_of_cell,
                     const std::string& source) {
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
  const Token& a = *token_of_cell[0];
  const Token& t = *token_of_cell[static_cast<std::size_t>(lost)];
  throw InputError(located(source, t.line, t.col,
                           "playable cells are not connected: this cell cannot be reached from the cell at " +
                               std::to_string(a.line) + ":" + std::to_string(a.col) + " (" +
                               std::string(to_string(b.topology())) + ")"));
}

Puzzle build_puzzle(const RawGrid& g, const std::string& source) {
  if (g.rows.empty() || g.rows.front().empty())
    throw InputError(located(source, 0, 0, "empty board: no rows of cells"));
  check_rectangular(g, source);
  const int rows = static_cast<int>(g.rows.size());
  const int cols = static_cast<int>(g.rows.front().size());
  std::vector<bool> playable;
  std::vector<const Token*> token_of_cell;
  for (const auto& row : g.rows)
    for (const Token& t : row) {
      playable.push_back(t.kind != Token::hole);
      if (t.kind != Token::hole) token_of_cell.push_back(&t);
    }
  if (token_of_cell.empty())
    throw InputError(located(source, g.rows.front().front().line, 1, "empty board: every cell is a hole"));
  Puzzle p{Board(g.topology, rows, cols, std::move(playable)), {}, g.headers};
  const long long n = p.board.size();
  p.givens.assign(static_cast<std::size_t>(n), 0);
  std::map<long long, const Token*> first_at;
  for (std::size_t c = 0; c < token_of_cell.size(); ++c) {
    const Token& t = *token_of_cell[c];
    if (t.kind != Token::number) continue;
    if (t.value < 1 || t.value > n)
      throw InputError(located(source, t.line, t.col,
                               "value " + std::to_string(t.value) + " is out of range 1.." +
                                   std::to_string(n) + " (the board has " + std::to_string(n) +
                                   " playable cells)"));
    if (auto [it, fresh] = first_at.emplace(t.value, &t); !fresh)
      throw InputError(located(source, t.line, t.col,
                               "value " + std::to_string(t.value) + " is given twice (first at " +
                                   std::to_string(it->second->line) + ":" +
                                   std::to_string(it->second->col) + ")"));
    p.givens[c] = static_cast<int>(t.value);
  }
  check_connected(p.board, token_of_cell, source);
  return p;
}

int digits(int n) { return n >= 1000 ? 4 + (n >= 10000) : n >= 100 ? 3 : n >= 10 ? 2 : 1; }

}  // namespace

Puzzle parse_puzzle(std::string_view text, const std::string& source) {
  return build_puzzle(read_raw(text, source), source);
}

namespace {

bool is_header(std::string_view line, std::string_view key, bool with_colon) {
  const std::string t = trim(line);
  if (t.empty() || t[0] != '#') return false;
  const std::string body = trim(std::string_view(t).substr(1));
  if (with_colon) return body.starts_with(std::string(key) + ":");
  return body == key;
}

}  // namespace

Puzzle read_puzzle_file(const std::filesystem::path& file) {
  return parse_puzzle(read_text_file(file), file.string());
}

// Plan: give every line a block number (the puzzle it belongs to, or -1 inside a `# solution`
// block), then build one text per block with the other blocks' lines left empty, so that the
// line numbers of error messages stay those of the file.
std::vector<Puzzle> parse_puzzle_collection(std::string_view text, const std::string& source) {
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos <= text.size();) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  std::vector<int> block(lines.size(), 0);
  int current = 0;
  bool in_solution = false, has_content = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (is_header(lines[i], "puzzle", true)) {
      if (has_content) ++current;
      has_content = in_solution = false;
    }
    if (is_header(lines[i], "solution", false)) in_solution = true;
    block[i] = in_solution ? -1 : current;
    if (!in_solution && !trim(lines[i]).empty() && trim(lines[i])[0] != '#') has_content = true;
  }
  std::vector<Puzzle> out;
  for (int b = 0; b <= current; ++b) {
    std::string one;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (block[i] == b) one += lines[i];
      one += '\n';
    }
    out.push_back(parse_puzzle(one, source));
  }
  return out;
}

std::vector<Puzzle> read_puzzle_collection(const std::filesystem::path& file) {
  return parse_puzzle_collection(read_text_file(file), file.string());
}

std::string format_grid(const Puzzle& puzzle, const Values& values) {
  const Board& b = puzzle.board;
  std::string out = "# topology: " + std::string(to_string(b.topology())) + "\n";
  for (const auto& [k, v] : puzzle.headers) out += "# " + k + ": " + v + "\n";
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

Puzzle parse_description(std::string_view desc) {
  const std::string src = "description";
  auto fail = [&](std::size_t at, const std::string& msg) -> InputError {
    return InputError(located(src, 1, static_cast<int>(at) + 1, msg));
  };
  const auto c1 = desc.find(':');
  const auto c2 = c1 == std::string_view::npos ? c1 : desc.find(':', c1 + 1);
  if (c2 == std::string_view::npos)
    throw fail(0, "expected '<topology>:<rows>x<cols>:<rows separated by />'");
  if (!parse_topology(desc.substr(0, c1)))
    throw fail(0, "unknown topology '" + std::string(desc.substr(0, c1)) +
                      "' (expected square8, square4 or hex6)");
  // Expand into the text format and reuse its parser and checks.
  std::string text = "# topology: " + std::string(desc.substr(0, c1)) + "\n";
  const std::string_view size = desc.substr(c1 + 1, c2 - c1 - 1);
  const auto xpos = size.find('x');
  if (xpos == std::string_view::npos || !is_integer(size.substr(0, xpos)) ||
      !is_integer(size.substr(xpos + 1)))
    throw fail(c1 + 1, "expected the size as <rows>x<cols>, got '" + std::string(size) + "'");
  const long long rows = to_value(size.substr(0, xpos)), cols = to_value(size.substr(xpos + 1));
  std::size_t i = c2 + 1;
  long long row_count = 0;
  while (i <= desc.size()) {
    std::size_t end = desc.find('/', i);
    if (end == std::string_view::npos) end = desc.size();
    long long cells = 0;
    std::size_t j = i;
    while (j < end) {
      std::size_t k = desc.find(',', j);
      if (k == std::string_view::npos || k > end) k = end;
      const std::string_view tok = desc.substr(j, k - j);
      if (!tok.empty() && (tok[0] == '.' || tok[0] == 'x') &&
          (tok.size() == 1 || is_integer(tok.substr(1)))) {
        const long long run = tok.size() == 1 ? 1 : to_value(tok.substr(1));
        if (run < 1 || run > 10000) throw fail(j, "bad repeat count in '" + std::string(tok) + "'");
        for (long long r = 0; r < run; ++r) text += std::string(" ") + tok[0];
        cells += run;
      } else if (is_integer(tok)) {
        text += " " + std::string(tok);
        ++cells;
      } else {
        throw fail(j, "unknown token '" + std::string(tok) + "' (expected a number, '.' or 'x')");
      }
      j = k + 1;
    }
    if (cells != cols)
      throw fail(i, "row " + std::to_string(row_count + 1) + " has " + std::to_string(cells) +
                        " cells, expected " + std::to_string(cols));
    text += "\n";
    ++row_count;
    i = end + 1;
  }
  if (row_count != rows)
    throw fail(c2 + 1, "found " + std::to_string(row_count) + " rows, expected " + std::to_string(rows));
  return parse_puzzle(text, src);
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
