-- `..` of several operands: strings, integers (negative, the smallest),
-- floats, in a loop hot enough to be traced; `__concat` on the left, in
-- the middle, on the right and on both sides of a chain (which pairs it
-- gets, in what order); errors about operands in several positions
-- (locals, globals, fields, upvalues, constants) and from a handler.
local format = string.format

local total, last = 0, ""
for i = -300, 300 do
  local f = i / 4
  local s = "<" .. i .. "|" .. f .. "|" .. -i .. ">"
  total = total + #s
  if i % 150 == 0 then print(s) end
  last = s
end
print(total, last)
print(math.mininteger .. "", math.maxinteger .. "," .. -0.0 .. "," .. 1e300 * 10 .. "," .. 2^53)
print(1 .. 2 .. 3 .. "", 0 .. "", -1 .. "", 10 .. 100 .. 1000)

local calls = {}
local mt = {}
mt.__concat = function(a, b)
  local l = type(a) == "table" and (a.name or "{}") or a
  local r = type(b) == "table" and (b.name or "{}") or b
  calls[#calls + 1] = format("(%s,%s)", l, r)
  return setmetatable({ name = format("[%s%s]", l, r) }, mt)
end
local function obj(name) return setmetatable({ name = name }, mt) end
local A, B = obj("A"), obj("B")
local function show(v)
  local c = table.concat(calls, " ")
  calls = {}
  return (type(v) == "table" and v.name or v) .. "  " .. c
end
print(show(A .. "x" .. "y"))
print(show("x" .. "y" .. A))
print(show("x" .. A .. "y"))
print(show(1 .. A .. 2.5 .. B .. 3))
print(show(A .. B))
print(show("p" .. "q" .. A .. "r" .. "s" .. B .. "t"))
for i = 1, 200 do
  calls = {}
  local r = "k" .. i .. A .. "z"
  if i % 100 == 0 then print(show(r)) end
end
calls = {}

local num = setmetatable({}, { __concat = function(a, b) return 7 end })
print(num .. "a" .. "b", "a" .. num .. 1, math.type("a" .. "b" .. num))

local function msg(f)
  local ok, e = pcall(f)
  calls = {}
  return ok, type(e) == "table" and e.name or e
end
local up
g_nil = nil
local t = { f = false }
print(msg(function() local x; return x .. "a" .. "b" end))
print(msg(function() local x; return "a" .. x .. "b" end))
print(msg(function() local x; return "a" .. "b" .. x end))
print(msg(function() return "a" .. g_nil end))
print(msg(function() return "a" .. t.f .. "b" end))
print(msg(function() return t.missing .. 1 end))
print(msg(function() return 1 .. up .. 2 end))
print(msg(function() return "a" .. {} .. "b" end))
print(msg(function() local x = true; return 1 .. 2 .. x end))
print(msg(function() return "a" .. A .. {} end))
print(msg(function() return {} .. "b" .. A end))
print(msg(function() local x; return A .. x end))
local bad = setmetatable({}, { __concat = function(a, b) error("no concat here") end })
print(msg(function() return "a" .. bad .. "b" end))
local cnt = 0
for i = 1, 100 do
  local ok = pcall(function() local x = (i % 10 == 0) and i or nil; return "v" .. x end)
  if ok then cnt = cnt + 1 end
end
print(cnt)
