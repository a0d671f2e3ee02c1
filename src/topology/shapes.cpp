#include "topology/shapes.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <functional>
#include <optional>

#include "core/errors.hpp"
#include "core/text.hpp"
#include "core/text_file.hpp"
#include "topology/geometry.hpp"

namespace hidato {
namespace {

using Figure = std::function<bool(double u, double v)>;  // u right, v down, both in [-1, 1]

bool inside_polygon(const std::vector<std::array<double, 2>>& poly, double x, double y) {
  bool in = false;
  for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const auto& a = poly[i];
    const auto& b = poly[j];
    if ((a[1] > y) != (b[1] > y) && x < (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]) + a[0]) in = !in;
  }
  return in;
}

bool in_star(double u, double v) {
  static const auto poly = [] {
    std::vector<std::array<double, 2>> p;
    const double pi = 3.14159265358979323846;
    for (int i = 0; i < 10; ++i) {
      const double r = (i % 2 == 0) ? 1.0 : 0.55;
      const double a = -pi / 2 + i * pi / 5;
      p.push_back({r * std::cos(a), r * std::sin(a)});
    }
    return p;
  }();
  return inside_polygon(poly, u * 1.02, v * 1.02 - 0.095);
}

bool in_heart(double u, double v) {
  const double x = u * 1.16;
  const double y = -v * 1.13 + 0.12;
  const double a = x * x + y * y - 1;
  return a * a * a - x * x * y * y * y <= 0;
}

std::optional<Figure> figure(std::string_view name) {
  // grown: the whole box here; the generator keeps the cells its growing path visits.
  if (name == "rect" || name == "grown") return Figure([](double, double) { return true; });
  if (name == "circle") return Figure([](double u, double v) { return u * u + v * v <= 1.0; });
  if (name == "ring")
    return Figure([](double u, double v) { const double r = u * u + v * v; return r <= 1.0 && r >= 0.2; });
  if (name == "diamond") return Figure([](double u, double v) { return std::abs(u) + std::abs(v) <= 1.0; });
  if (name == "triangle") return Figure([](double u, double v) { return std::abs(u) <= (v + 1) / 2 + 0.02; });
  if (name == "hexagon")
    return Figure([](double u, double v) {
      return std::abs(v) <= 0.87 && std::abs(u) + std::abs(v) / 1.7320508 <= 1.0;
    });
  if (name == "cross")
    return Figure([](double u, double v) { return std::abs(u) <= 0.36 || std::abs(v) <= 0.36; });
  if (name == "star") return Figure(in_star);
  if (name == "heart") return Figure(in_heart);
  return std::nullopt;
}

// Draws `fig` into the rows x cols grid: the figure's [-1,1] square is the largest square (in
// true cell proportions) that fits the grid's cell-centre box grown by half a cell.
Mask draw(Topology t, const Figure& fig, int rows, int cols) {
  Mask m{rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), false)};
  double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const Point p = cell_centre(t, {r, c});
      x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
    }
  const double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  const double s = std::min((x1 - x0) / 2, (y1 - y0) / 2) + 0.5;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const Point p = cell_centre(t, {r, c});
      m.playable[static_cast<std::size_t>(r * cols + c)] = fig((p.x - cx) / s, (p.y - cy) / s);
    }
  return m;
}

int playable_neighbours(Topology t, const Mask& m, Coord c) {
  int n = 0;
  for (Coord d : neighbour_coords(t, c))
    if (d.row >= 0 && d.row < m.rows && d.col >= 0 && d.col < m.cols && m.at(d.row, d.col)) ++n;
  return n;
}

// Component label per position (-1 for holes) and the size of each component.
std::vector<int> components(Topology t, const Mask& m, std::vector<int>& sizes) {
  std::vector<int> label(m.playable.size(), -1);
  std::vector<Coord> stack;
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.cols; ++c) {
      if (!m.at(r, c) || label[static_cast<std::size_t>(r * m.cols + c)] >= 0) continue;
      const int id = static_cast<int>(sizes.size());
      sizes.push_back(0);
      stack.push_back({r, c});
      label[static_cast<std::size_t>(r * m.cols + c)] = id;
      while (!stack.empty()) {
        const Coord p = stack.back();
        stack.pop_back();
        ++sizes.back();
        for (Coord d : neighbour_coords(t, p)) {
          if (d.row < 0 || d.row >= m.rows || d.col < 0 || d.col >= m.cols || !m.at(d.row, d.col)) continue;
          auto& l = label[static_cast<std::size_t>(d.row * m.cols + d.col)];
          if (l < 0) { l = id; stack.push_back(d); }
        }
      }
    }
  return label;
}

bool is_connected(Topology t, const Mask& m) {
  std::vector<int> sizes;
  components(t, m, sizes);
  return sizes.size() <= 1;
}

// Pieces that touch only at a corner (or not at all) at a coarse resolution: a 9x9 Numbrix ring,
// drawn in 4x4 blocks, came out as four pairs of blocks, and the largest pair, a 2x4 strip, was
// the board. A hole that neighbours two or more pieces joins them: the holes that join the most,
// of those the ones farthest from the middle (a ring gets its corners, not a spoke), all at once
// (the four corners of a ring alike, so a symmetric figure stays symmetric); repeated until one
// piece is left or no hole joins any.
Mask bridged(Topology t, Mask m) {
  const auto off_centre = [&](int r, int c) {
    const int dr = 2 * r - (m.rows - 1), dc = 2 * c - (m.cols - 1);
    return dr * dr + dc * dc;
  };
  for (;;) {
    std::vector<int> sizes;
    const std::vector<int> label = components(t, m, sizes);
    if (sizes.size() <= 1) return m;
    std::vector<int> best;  // positions
    std::pair<std::size_t, int> best_key{1, 0};  // (pieces joined, distance from the middle)
    std::vector<int> near;
    for (int r = 0; r < m.rows; ++r)
      for (int c = 0; c < m.cols; ++c) {
        if (m.at(r, c)) continue;
        near.clear();
        for (Coord d : neighbour_coords(t, {r, c}))
          if (d.row >= 0 && d.row < m.rows && d.col >= 0 && d.col < m.cols && m.at(d.row, d.col))
            near.push_back(label[static_cast<std::size_t>(d.row * m.cols + d.col)]);
        std::sort(near.begin(), near.end());
        const auto joins = static_cast<std::size_t>(std::unique(near.begin(), near.end()) - near.begin());
        const std::pair<std::size_t, int> key{joins, off_centre(r, c)};
        if (joins < 2 || key < best_key) continue;
        if (key > best_key) best.clear(), best_key = key;
        best.push_back(r * m.cols + c);
      }
    if (best.empty()) return m;
    for (int p : best) m.playable[static_cast<std::size_t>(p)] = true;
  }
}

char cell_kind(char ch) {
  switch (ch) {
    case '#': case 'o': case 'O': case '@': case '*': return 'c';
    case '.': case '_': case '-': case ' ': return 'h';
    default: return '?';
  }
}

}  // namespace

int Mask::count() const { return static_cast<int>(std::count(playable.begin(), playable.end(), true)); }

std::vector<std::string> procedural_shape_names() {
  return {"rect", "circle", "diamond", "heart", "ring", "triangle", "star", "cross", "hexagon", "grown"};
}

bool is_procedural_shape(std::string_view name) { return figure(name).has_value(); }

bool drawn_in_blocks(Topology t, std::string_view name) {
  return t == Topology::square4 && name != "rect" && is_procedural_shape(name);
}

// square4 figures other than rect are drawn in 2x2 blocks: a connected union of 2x2 blocks
// always has a Hamiltonian cycle (walk around a spanning tree of the blocks), and its two
// chequerboard colours are equal, so every such Numbrix shape can be filled.
std::optional<Mask> procedural_mask(Topology t, std::string_view name, int rows, int cols) {
  const auto fig = figure(name);
  if (!fig) return std::nullopt;
  if (!drawn_in_blocks(t, name)) return crop_mask(t, tidy_mask(t, draw(t, *fig, rows, cols)));
  // No tidy_mask: a block with one neighbouring block is no dead end (its four cells are a loop),
  // and trimming such blocks wore points and tips away (an 11x11 triangle came out a 6x6 square).
  const Mask blocks = largest_component(t, bridged(t, draw(t, *fig, std::max(1, rows / 2), std::max(1, cols / 2))));
  Mask m{rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), false)};
  for (int r = 0; r < 2 * blocks.rows; ++r)
    for (int c = 0; c < 2 * blocks.cols; ++c) m.playable[static_cast<std::size_t>(r * cols + c)] = blocks.at(r / 2, c / 2);
  return crop_mask(t, balance_colours(m));
}

Mask largest_component(Topology t, const Mask& m) {
  std::vector<int> sizes;
  const auto label = components(t, m, sizes);
  if (sizes.size() <= 1) return m;
  const int best = static_cast<int>(std::max_element(sizes.begin(), sizes.end()) - sizes.begin());
  Mask out = m;
  for (std::size_t i = 0; i < label.size(); ++i) out.playable[i] = label[i] == best;
  return out;
}

Mask tidy_mask(Topology t, const Mask& m) {
  Mask out = m;
  for (bool changed = true; changed;) {
    changed = false;
    for (int r = 0; r < out.rows; ++r)
      for (int c = 0; c < out.cols; ++c)
        if (out.at(r, c) && playable_neighbours(t, out, {r, c}) <= 1 && out.count() > 2) {
          out.playable[static_cast<std::size_t>(r * out.cols + c)] = false;
          changed = true;
        }
  }
  return largest_component(t, out);
}

CropBox crop_box(Topology t, const Mask& m) {
  int r0 = m.rows, r1 = -1, c0 = m.cols, c1 = -1;
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.cols; ++c)
      if (m.at(r, c)) r0 = std::min(r0, r), r1 = std::max(r1, r), c0 = std::min(c0, c), c1 = std::max(c1, c);
  if (r1 < 0) return CropBox{};
  if (t == Topology::hex6) r0 -= r0 % 2;  // keep odd rows odd
  return CropBox{r0, c0, r1 - r0 + 1, c1 - c0 + 1};
}

Mask crop_mask(Topology t, const Mask& m) {
  const CropBox box = crop_box(t, m);
  if (box.rows == 0) return Mask{};
  Mask out{box.rows, box.cols, {}};
  for (int r = box.row0; r < box.row0 + box.rows; ++r)
    for (int c = box.col0; c < box.col0 + box.cols; ++c) out.playable.push_back(m.at(r, c));
  return out;
}

std::pair<int, int> colour_counts(const Mask& m) {
  std::pair<int, int> n{0, 0};
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.cols; ++c)
      if (m.at(r, c)) ((r + c) % 2 == 0 ? n.first : n.second)++;
  return n;
}

// Plan: while one colour has two or more extra cells, try that colour's cells from the outside
// in (distance from the mask's centre, then row-major) and remove the first whose removal keeps
// every neighbour at two or more playable neighbours and the mask connected.
Mask balance_colours(const Mask& m) {
  Mask out = m;
  const double cr = (m.rows - 1) / 2.0, cc = (m.cols - 1) / 2.0;
  for (;;) {
    const auto [even, odd] = colour_counts(out);
    if (std::abs(even - odd) <= 1) return out;
    const int colour = even > odd ? 0 : 1;
    std::vector<std::pair<double, int>> order;
    for (int r = 0; r < out.rows; ++r)
      for (int c = 0; c < out.cols; ++c)
        if (out.at(r, c) && (r + c) % 2 == colour)
          order.push_back({-((r - cr) * (r - cr) + (c - cc) * (c - cc)), r * out.cols + c});
    std::sort(order.begin(), order.end());
    bool removed = false;
    for (const auto& [key, pos] : order) {
      Mask trial = out;
      trial.playable[static_cast<std::size_t>(pos)] = false;
      const Coord at{pos / out.cols, pos % out.cols};
      bool ok = true;
      for (Coord d : neighbour_coords(Topology::square4, at))
        if (d.row >= 0 && d.row < out.rows && d.col >= 0 && d.col < out.cols && trial.at(d.row, d.col) &&
            playable_neighbours(Topology::square4, trial, d) < 2)
          ok = false;
      if (ok && is_connected(Topology::square4, trial)) {
        out = std::move(trial);
        removed = true;
        break;
      }
    }
    if (!removed) return out;  // cannot balance: check_spec reports the parity problem
  }
}

namespace {

// A comment line whose first word is "scale": `; scale: K`, K from 1 to 8, spaces anywhere
// around the colon (";scale:2" too). Any other spelling of it is refused at its line: "; scale 2"
// and "; scale = 2" were comments, and the board came out at scale 1 without a word.
std::optional<int> scale_line(const std::string& line, const std::string& source, int line_no) {
  std::size_t i = line.find_first_not_of(" \t", 1);
  if (i == std::string::npos || lower_case(line.substr(i, 5)) != "scale") return std::nullopt;
  i += 5;
  if (i < line.size() && std::isalpha(static_cast<unsigned char>(line[i]))) return std::nullopt;  // "; scaled ..."
  const auto refuse = [&](const std::string& why) {
    return InputError(located(source, line_no, static_cast<int>(std::min(i, line.size())) + 1,
                              why + " (write the line as '; scale: K', K a whole number from 1 to 8)"));
  };
  i = line.find_first_not_of(" \t", i);
  if (i == std::string::npos || line[i] != ':') throw refuse("expected ':' after 'scale'");
  i = line.find_first_not_of(" \t", i + 1);
  const std::size_t end = i == std::string::npos ? i : line.find_first_not_of("0123456789", i);
  if (i == std::string::npos || end == i) throw refuse("expected the scale after 'scale:'");
  if (const std::size_t extra = end == std::string::npos ? end : line.find_first_not_of(" \t\r", end);
      extra != std::string::npos) {
    i = extra;
    throw refuse("unexpected text after the scale");
  }
  const std::string digits = line.substr(i, end == std::string::npos ? std::string::npos : end - i);
  if (digits.size() > 1 || digits[0] < '1' || digits[0] > '8') throw refuse("scale must be a whole number from 1 to 8");
  return digits[0] - '0';
}

}  // namespace

Mask parse_mask(std::string_view raw, const std::string& source) {
  const std::string normalized = normalized_text(raw);
  const std::string_view text = normalized;
  std::vector<std::string> lines;
  std::vector<int> line_nos;
  int line_no = 0;
  int scale = 1;
  int scale_line_no = 0;    // the `; scale:` line, 0 when none
  int first_row_line = 0;   // the picture's first row that is not blank, 0 before it
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(pos, end - pos));
    pos = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line[0] == ';') {
      if (const auto k = scale_line(line, source, line_no)) {
        // One scale, before the picture: a later one silently won, and one between the rows
        // scaled the rows above it too.
        if (scale_line_no != 0)
          throw InputError(located(source, line_no, 1, "a second '; scale:' line (the first is line " +
                                                           std::to_string(scale_line_no) + ")"));
        if (first_row_line != 0)
          throw InputError(located(source, line_no, 1, "the '; scale:' line must come before the picture (its first row is line " +
                                                           std::to_string(first_row_line) + ")"));
        scale = *k;
        scale_line_no = line_no;
      }
      continue;
    }
    // Spaces are holes, and those at the end of a row are no part of the picture (a row with 300
    // trailing spaces made the mask 304 columns wide).
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (first_row_line == 0 && !line.empty()) first_row_line = line_no;
    for (std::size_t i = 0; i < line.size(); ++i)
      if (cell_kind(line[i]) == '?')
        throw InputError(located(source, line_no, static_cast<int>(i) + 1,
                                 "unexpected character '" + printable(line.substr(i, 1)) +
                                     "' in mask (expected '#' or 'o' for a cell, '.' or a space for a hole)"));
    lines.push_back(line);
    line_nos.push_back(line_no);
  }
  const auto blank = [](const std::string& l) { return l.find_first_not_of(' ') == std::string::npos; };
  while (!lines.empty() && blank(lines.back())) lines.pop_back();
  std::size_t first = 0;
  while (first < lines.size() && blank(lines[first])) ++first;
  if (first == lines.size()) throw InputError(located(source, 0, 0, "mask has no playable cells"));
  Mask m;
  m.rows = static_cast<int>(lines.size() - first);
  for (std::size_t i = first; i < lines.size(); ++i) m.cols = std::max(m.cols, static_cast<int>(lines[i].size()));
  const auto size = [](const Mask& k) { return std::to_string(k.rows) + " x " + std::to_string(k.cols); };
  if (m.rows > 200 || m.cols > 200)
    throw InputError(located(source, 0, 0, "mask is " + size(m) + ", larger than 200 x 200"));
  m.rows *= scale;
  m.cols *= scale;
  if (m.rows > 200 || m.cols > 200)
    throw InputError(located(source, 0, 0, "mask is " + size(m) + " at scale " + std::to_string(scale) +
                                               ", larger than 200 x 200"));
  for (int r = 0; r < m.rows; ++r) {
    const std::string& l = lines[first + static_cast<std::size_t>(r / scale)];
    for (int c = 0; c < m.cols; ++c)
      m.playable.push_back(c / scale < static_cast<int>(l.size()) && cell_kind(l[static_cast<std::size_t>(c / scale)]) == 'c');
  }
  if (m.count() == 0) throw InputError(located(source, 0, 0, "mask has no playable cells"));
  return m;
}

Mask read_mask_file(const std::filesystem::path& file) {
  return parse_mask(read_text_file(file, "mask file", max_small_input_bytes), file.string());
}

Board board_from_mask(Topology t, const Mask& m) { return Board(t, m.rows, m.cols, m.playable); }

}  // namespace hidato
