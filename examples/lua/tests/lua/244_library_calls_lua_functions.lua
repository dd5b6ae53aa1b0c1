-- Lua functions called by the library and by metamethods, whose frames
-- are made with their arguments: with fewer, as many and more parameters
-- than arguments, vararg functions (the extra arguments in `...`), in
-- loops hot enough to be traced; gsub's callbacks with no, one and
-- several captures and position captures; sort's comparator; a generic
-- `for` over a Lua iterator; each metamethod's arguments; errors raised
-- inside a callback.
local function count(...) return select('#', ...) end
local function show(...)
  local t = table.pack(...)
  for i = 1, t.n do t[i] = tostring(t[i]) end
  return table.concat(t, ",", 1, t.n)
end

print(("abc"):gsub("%w", count))
print(("abc"):gsub("(%w)", function() return "-" end))
print(("a1b2c3"):gsub("(%a)(%d)", function(l, d, extra) return d .. l .. tostring(extra) end))
print(("a1b2c3"):gsub("(%a)()(%d)", show))
print(("key=val; k2=v2"):gsub("(%w+)=(%w+)", function(k, ...) return ... .. ":" .. k .. count(...) end))
print(("xyz"):gsub("", function(...) return "[" .. count(...) .. "]" end))
print(("hello world"):gsub("o", function(o) if o == "o" then return nil end end))
print(("hello"):gsub("l+", function(s) return false end))
print(pcall(string.gsub, "abc", "b", function() return {} end))
print(pcall(string.gsub, "abc", "b", function() error("in callback") end))

local total = 0
for i = 1, 300 do
  local s = ("n" .. i .. "m" .. i * 2):gsub("(%a)(%d+)", function(a, d) return a .. (d + 1) end)
  total = total + #s
end
print(total)

local t = {}
for i = 1, 200 do t[i] = (i * 37) % 101 end
local calls = 0
table.sort(t, function(a, b, c) calls = calls + 1; assert(c == nil); return a > b end)
print(t[1], t[2], t[200], calls > 0)
local words = { "pear", "fig", "apple", "kiwi", "banana" }
table.sort(words, function(...) local a, b = ...; return #a < #b or (#a == #b and a < b) end)
print(table.concat(words, " "))
print(pcall(table.sort, { 3, 1, 2 }, function(a, b) return a.x < b end))

local function range(limit, i)
  if i < limit then return i + 1, i * i end
end
local sum = 0
for i, sq in range, 400, 0 do sum = sum + i + sq end
print(sum)
local function vrange(...)
  local limit, i = ...
  if i < limit then return i + 1, count(...) end
end
for i, c in vrange, 3, 0 do io.write(i, ":", c, " ") end
print()
local function few() return nil end
for x in few, 1, 2 do print("never", x) end

local log = {}
local function note(name)
  return function(...) log[#log + 1] = name .. "(" .. count(...) .. ")"; return 1 end
end
local mt = {
  __index = note("index"), __newindex = note("newindex"), __call = note("call"),
  __add = note("add"), __concat = note("concat"), __unm = note("unm"), __len = note("len"),
  __eq = note("eq"), __lt = note("lt"), __le = note("le"), __bnot = note("bnot"),
  __tostring = function(...) log[#log + 1] = "tostring(" .. count(...) .. ")"; return "T" end,
}
local a, b = setmetatable({}, mt), setmetatable({}, mt)
local _ = a.x, a + 1, 2 .. a, -a, #a, a == b, a < b, a <= b, ~a, tostring(a), a(1, 2, 3)
a.y = 5
print(table.concat(log, " "))
log = {}
for i = 1, 100 do
  local _ = a[i], #a, -a, a .. i
end
print(#log, log[1], log[2], log[3], log[4])
local deep = setmetatable({}, { __index = function(t, k) if k > 0 then return t[k - 1] + 1 end return 0 end })
print(deep[50])
print(pcall(function() return setmetatable({}, { __lt = function() error("lt failed") end }) < a end))
