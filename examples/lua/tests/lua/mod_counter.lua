-- module used by 181_req_cache.lua and mod_utils.lua: returns a table with state
MOD_COUNTER_LOADS = (MOD_COUNTER_LOADS or 0) + 1
local M = {}
local count = 0
function M.inc(by)
  count = count + (by or 1)
  return count
end
function M.get() return count end
M.name = "counter"
return M
