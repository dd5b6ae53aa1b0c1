-- __newindex as a table and as a function
local store = {}
local t = setmetatable({}, {__newindex = store})
t.x = 1
print(rawget(t, "x"), store.x, t.x)
local log = {}
local logged = setmetatable({}, {__newindex = function(tbl, k, v)
  log[#log + 1] = tostring(k) .. "=" .. tostring(v)
  rawset(tbl, k, v)
end})
logged.a = 1
logged.b = 2
logged.a = 3
print(table.concat(log, " "), logged.a)
local ro = setmetatable({}, {__index = {k = "v"}, __newindex = function(_, k)
  error("read-only field " .. k, 2)
end})
local ok, msg = pcall(function() ro.k = 5 end)
print(ro.k, ok, (msg:gsub("^.-:(%d+):", "line %1:")))
local both = setmetatable({}, {
  __index = function(_, k) return "idx:" .. k end,
  __newindex = function(tbl, k, v) rawset(tbl, k, v * 10) end,
})
both.n = 4
print(both.n, both.m)
local chain_target = setmetatable({}, {__newindex = function(_, k, v) print("deep set", k, v) end})
local front = setmetatable({}, {__newindex = chain_target})
front.z = 9
print(rawget(front, "z"), rawget(chain_target, "z"))
local existing = setmetatable({present = 1}, {__newindex = function() print("not called") end})
existing.present = 2
print(existing.present)
