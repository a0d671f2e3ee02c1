#!/usr/bin/env bash
# A stand-in for hidato whose every puzzle fails (exit 2, as `hidato generate` does when a
# puzzle could not be made): extreme_goal.sh must count it out of the goal and exit 2.
exit 2
