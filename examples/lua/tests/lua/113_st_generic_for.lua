-- generic for with pairs, ipairs, custom iterators
local function range(n)
  local i = 0
  return function()
    i = i + 1
    if i <= n then return i end
  end
end
for v in range(4) do io.write(v, " ") end print()
local function iter(t, i)
  i = i + 1
  local v = t[i]
  if v ~= nil then return i, v end
end
local function myipairs(t) return iter, t, 0 end
for i, v in myipairs({"x", "y", "z"}) do io.write(i, v, " ") end print()
local function evens(max)
  return function(_, last)
    local n = last + 2
    if n <= max then return n end
  end, nil, 0
end
for e in evens(10) do io.write(e, " ") end print()
local function chars(s)
  return function(str, idx)
    idx = idx + 1
    if idx <= #str then return idx, str:sub(idx, idx) end
  end, s, 0
end
for i, c in chars("abc") do io.write(i, "=", c, " ") end print()
local function kv_sorted(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  local i = 0
  return function() i = i + 1; local k = keys[i]; if k then return k, t[k] end end
end
for k, v in kv_sorted({b = 2, a = 1, c = 3}) do io.write(k, v, " ") end print()
for a, b, c in function(_, x) if x < 3 then return x + 1, "two", "three" end end, nil, 0 do
  io.write(a, b, c, " ")
end
print()
