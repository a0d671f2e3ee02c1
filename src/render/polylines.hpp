#pragma once
// Joins line segments that meet end to end into polylines, dropping points where the line goes
// straight on. A 9 x 9 grid's 144 inner edges become 16 straight lines: far fewer coordinates for
// Cairo to format and compress, which is most of the time a book takes to write.
#include <vector>

#include "topology/geometry.hpp"

namespace hidato {

std::vector<std::vector<Point>> join_segments(const std::vector<Segment>& segments);

}  // namespace hidato
