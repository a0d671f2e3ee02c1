# cmake -DEXE=... "-DARGS=a|b|c" -DWANT=<code> -P expect_exit.cmake: fails unless EXE a b c exits
# with exactly WANT.
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${EXE} ${args} RESULT_VARIABLE got OUTPUT_QUIET ERROR_QUIET)
if(NOT got EQUAL WANT)
  message(FATAL_ERROR "${EXE} ${args}: exit ${got}, expected ${WANT}")
endif()
