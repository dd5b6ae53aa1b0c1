-- Tables that never get a hash part, tables that get one late, and
-- tables whose hash part is emptied and compacted: lookups, next/pairs,
-- #, rawget/rawset, metatables on such tables.
local function keys_sorted(t)
  local ks = {}
  for k in pairs(t) do ks[#ks + 1] = tostring(k) end
  table.sort(ks)
  return table.concat(ks, ",")
end

local empty = {}
print(next(empty), #empty, rawget(empty, "x"), empty.x, empty[1])
for k, v in pairs(empty) do print("never", k, v) end

local arr = {10, 20, 30}
print(#arr, arr.x, arr[4], rawget(arr, "n"), keys_sorted(arr))
arr.n = 3                                -- the first string key
print(arr.n, #arr, keys_sorted(arr))
arr.n = nil
print(arr.n, #arr, keys_sorted(arr), next(arr, 3))

-- A hash part that fills and empties many times (compaction).
local t = {}
for round = 1, 5 do
  for i = 1, 40 do t["k" .. i] = i * round end
  local sum = 0
  for k, v in pairs(t) do sum = sum + v end
  for i = 1, 40 do t["k" .. i] = nil end
  print(round, sum, next(t))
end
t[1] = "one"
print(#t, t[1], keys_sorted(t))

-- Keys that are neither strings nor integers in a table made empty.
local o = {}
o[true] = "yes"; o[2.5] = "float"; o[o] = "self"
local n, self_key = 0, false
for k in pairs(o) do n = n + 1; if k == o then self_key = true end end
print(o[true], o[2.5], o[o], n, self_key)
o[o] = nil
print(o[o], next(o, 2.5) ~= nil or next(o, true) ~= nil)

-- A metatable's __index on a table with no hash part, and __newindex.
local base = {greet = "hi"}
local obj = setmetatable({}, {__index = base, __newindex = function(t, k, v) rawset(t, k, v .. "!") end})
print(obj.greet, rawget(obj, "greet"))
obj.name = "lua"
print(obj.name, rawget(obj, "name"), keys_sorted(obj))

-- Integer keys past the array part go to the hash part, then move back.
local sparse = {}
sparse[3] = "c"; sparse[2] = "b"; sparse[1] = "a"
print(#sparse, sparse[1], sparse[2], sparse[3], keys_sorted(sparse))
