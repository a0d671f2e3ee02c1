# cmake -DEXE=hidato -DDIR=<tmp dir> -P cli_roundtrip.cmake
# 1. `generate --count 2 --json` twice gives identical bytes (written atomically with --out).
# 2. Puzzle 2's `seed` reproduces it alone with `--seed <seed> --count 1`.
# 3. `grade` reads generate's text output back: one grade line per puzzle.
# 4. The puzzles of one run are distinct (puzzle i's seed was derive(N, i), attempt i of puzzle
#    0: hard 7x7 seed 9 made its second puzzle twice).
# 5. A run that made no puzzle (exit 2) leaves an existing --out file as it was (it was emptied).
# 6. `--threads 1` and `--threads 3` give the same bytes (puzzles side by side, extreme ones
#    borrowing the threads others leave: square4 12x12 seed 4's second returns attempt 1; and one puzzle's
#    attempts running ahead: hard 6x6 seed 9 returns attempt 1).
# 7. --out /dev/stdout is written into as a stream (see below).
file(MAKE_DIRECTORY ${DIR})
set(common generate --rows 6 --cols 6 --difficulty medium --seed 9 --count 2)
execute_process(COMMAND ${EXE} ${common} --json --out ${DIR}/a.jsonl RESULT_VARIABLE r1)
execute_process(COMMAND ${EXE} ${common} --json --out ${DIR}/b.jsonl RESULT_VARIABLE r2)
if(NOT r1 EQUAL 0 OR NOT r2 EQUAL 0)
  message(FATAL_ERROR "generate failed: ${r1} ${r2}")
endif()
file(READ ${DIR}/a.jsonl a)
file(READ ${DIR}/b.jsonl b)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "same seed, different output")
endif()
string(REGEX MATCHALL "\"seed\":\"[0-9]+\"" seeds "${a}")
list(GET seeds 1 second)
string(REGEX REPLACE "\"seed\":\"([0-9]+)\"" "\\1" second "${second}")
string(REGEX MATCHALL "\"description\":\"[^\"]+\"" descs "${a}")
list(GET descs 1 second_desc)
execute_process(COMMAND ${EXE} generate --rows 6 --cols 6 --difficulty medium --seed ${second} --json
                OUTPUT_VARIABLE alone RESULT_VARIABLE r3)
string(FIND "${alone}" "${second_desc}" at)
if(NOT r3 EQUAL 0 OR at EQUAL -1)
  message(FATAL_ERROR "seed ${second} did not reproduce puzzle 2 (${second_desc})")
endif()
execute_process(COMMAND ${EXE} ${common} --out ${DIR}/p.txt RESULT_VARIABLE r4)
execute_process(COMMAND ${EXE} grade ${DIR}/p.txt OUTPUT_VARIABLE graded RESULT_VARIABLE r5)
if(NOT r4 EQUAL 0 OR NOT r5 EQUAL 0 OR NOT graded MATCHES "p.txt#1: medium .*p.txt#2: medium ")
  message(FATAL_ERROR "grade of generate's output: ${r4} ${r5}\n${graded}")
endif()

execute_process(COMMAND ${EXE} generate --rows 7 --cols 7 --difficulty hard --seed 9 --count 3 --json
                OUTPUT_VARIABLE three RESULT_VARIABLE r6)
string(REGEX MATCHALL "\"description\":\"[^\"]+\"" three_descs "${three}")
list(LENGTH three_descs n_all)
list(REMOVE_DUPLICATES three_descs)
list(LENGTH three_descs n_distinct)
if(NOT r6 EQUAL 0 OR NOT n_all EQUAL 3 OR NOT n_distinct EQUAL 3)
  message(FATAL_ERROR "generate --count 3 made ${n_distinct} distinct puzzles of ${n_all}")
endif()

file(WRITE ${DIR}/keep.txt "keep\n")
execute_process(COMMAND ${EXE} generate --rows 7 --cols 7 --difficulty extreme --nodes 1 --attempts 1 --out ${DIR}/keep.txt
                RESULT_VARIABLE r7 ERROR_VARIABLE why)
file(READ ${DIR}/keep.txt kept)
if(NOT r7 EQUAL 2 OR NOT kept STREQUAL "keep\n" OR NOT why MATCHES "left as it was")
  message(FATAL_ERROR "a run without puzzles: exit ${r7}, --out file now '${kept}'\n${why}")
endif()

foreach(j 1 3)
  execute_process(COMMAND ${EXE} generate --rows 6 --cols 6 --difficulty hard --seed 4 --count 5 --threads ${j}
                  OUTPUT_VARIABLE many_${j} RESULT_VARIABLE rm)
  execute_process(COMMAND ${EXE} generate --rows 6 --cols 6 --difficulty hard --seed 9 --threads ${j} --json
                  OUTPUT_VARIABLE one_${j} RESULT_VARIABLE ro)
  # extreme puzzles side by side: the last ones borrow the threads the first ones leave
  execute_process(COMMAND ${EXE} generate --topology square4 --rows 12 --cols 12 --difficulty extreme --seed 4 --count 3 --threads ${j} --json
                  OUTPUT_VARIABLE extreme_${j} RESULT_VARIABLE rx)
  if(NOT rm EQUAL 0 OR NOT ro EQUAL 0 OR NOT rx EQUAL 0)
    message(FATAL_ERROR "generate --threads ${j} failed: ${rm} ${ro} ${rx}")
  endif()
endforeach()
if(NOT many_1 STREQUAL many_3 OR NOT one_1 STREQUAL one_3 OR NOT extreme_1 STREQUAL extreme_3)
  message(FATAL_ERROR "--threads 1 and --threads 3 made different puzzles")
endif()
string(FIND "${one_1}" "\"attempt\":0," first)
if(NOT first EQUAL -1)
  message(FATAL_ERROR "hard 6x6 seed 9 should return a later attempt: ${one_1}")
endif()

# 7. --out /dev/stdout writes into standard output as it is: appended to a `>> log` redirection
#    (it replaced the file behind it, and the earlier lines were lost).
execute_process(COMMAND sh -c "echo LOG > log.txt && '${EXE}' generate --rows 5 --cols 5 --difficulty easy --out /dev/stdout >> log.txt"
                WORKING_DIRECTORY ${DIR} RESULT_VARIABLE r8)
file(READ ${DIR}/log.txt log)
if(NOT r8 EQUAL 0 OR NOT log MATCHES "^LOG\n# puzzle: 1/1\n")
  message(FATAL_ERROR "--out /dev/stdout >> log.txt: exit ${r8}, log.txt:\n${log}")
endif()
