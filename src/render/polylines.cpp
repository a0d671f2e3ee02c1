#include "render/polylines.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <utility>

namespace hidato {
namespace {

using Key = std::pair<std::int64_t, std::int64_t>;

// Corners computed from neighbouring cells may differ in the last bits: compare on a fine grid.
Key key_of(Point p) { return {std::llround(p.x * 4096.0), std::llround(p.y * 4096.0)}; }

bool straight(Point a, Point b, Point c) {
  const double cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
  const double dot = (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y);
  return std::abs(cross) < 1e-9 && dot > 0;
}

class Joiner {
 public:
  explicit Joiner(const std::vector<Segment>& segments) : segments_(segments), used_(segments.size(), false) {
    for (std::size_t i = 0; i < segments.size(); ++i) {
      at_[key_of(segments[i].a)].push_back(i);
      at_[key_of(segments[i].b)].push_back(i);
    }
  }

  // Plan: take the first unused segment, then grow the line from its end and, reversed, from its
  // start, always preferring the segment that goes straight on; finally drop straight-on points.
  std::vector<std::vector<Point>> run() {
    std::vector<std::vector<Point>> lines;
    for (std::size_t i = 0; i < segments_.size(); ++i) {
      if (used_[i]) continue;
      used_[i] = true;
      std::vector<Point> line{segments_[i].a, segments_[i].b};
      grow(line);
      std::reverse(line.begin(), line.end());
      grow(line);
      lines.push_back(simplified(line));
    }
    return lines;
  }

 private:
  void grow(std::vector<Point>& line) {
    while (true) {
      const Point end = line.back(), prev = line[line.size() - 2];
      std::size_t best = segments_.size();
      Point best_next{};
      for (const std::size_t j : at_[key_of(end)]) {
        if (used_[j]) continue;
        const Point next = key_of(segments_[j].a) == key_of(end) ? segments_[j].b : segments_[j].a;
        if (best == segments_.size() || straight(prev, end, next)) { best = j; best_next = next; }
        if (straight(prev, end, next)) break;
      }
      if (best == segments_.size()) return;
      used_[best] = true;
      line.push_back(best_next);
    }
  }

  // Drops points where the line goes straight on; a closed line is treated as a cycle, so that a
  // loop started in the middle of a side does not keep that start as a corner.
  static std::vector<Point> simplified(const std::vector<Point>& line) {
    const bool closed = line.size() > 3 && key_of(line.front()) == key_of(line.back());
    std::vector<Point> pts(line.begin(), line.end() - (closed ? 1 : 0));
    const std::size_t n = pts.size();
    std::vector<Point> out;
    for (std::size_t k = 0; k < n; ++k) {
      const bool end = !closed && (k == 0 || k + 1 == n);
      if (end || !straight(pts[(k + n - 1) % n], pts[k], pts[(k + 1) % n])) out.push_back(pts[k]);
    }
    if (closed) out.push_back(out.front());
    return out;
  }

  const std::vector<Segment>& segments_;
  std::vector<bool> used_;
  std::map<Key, std::vector<std::size_t>> at_;
};

}  // namespace

std::vector<std::vector<Point>> join_segments(const std::vector<Segment>& segments) {
  return Joiner(segments).run();
}

}  // namespace hidato
