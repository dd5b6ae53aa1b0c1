-- module used by 182_req_nested.lua: requires another module
local counter = require("mod_counter")
local M = {}
function M.tick() return counter.inc() end
function M.sum(...)
  local s = 0
  for i = 1, select("#", ...) do s = s + select(i, ...) end
  return s
end
M.counter = counter
return M
