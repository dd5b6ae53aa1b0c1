-- Library functions take their arguments from the caller's registers and
-- put their results there: how many results each gives (spread, cut,
-- padded with nils), as a tail call, with results beyond the caller's
-- registers, with callbacks into Lua between, through pcall and as
-- metamethods (a list of arguments), and their errors both ways.
local function count(...) return select("#", ...) end
local function show(...)
  local t = table.pack(...)
  for i = 1, t.n do t[i] = tostring(t[i]) end
  print(t.n, table.concat(t, " "))
end

local s = "key = value, other = 42"
local t = {3, 1, 2}
show(count(table.insert(t, 4)), count(table.sort(t)), count(print()))
show(s:find("(%w+) = (%w+)"), s:find("=", 1, true), s:find("zzz"))
show(s:match("(%w+) = (%w+)"), s:match("%d+"), s:match("()=()", 10), s:match("^x"))
show(s:gsub("%w+", "<%0>"), s:gsub("=", "is", 1))
show(next({}), next({10}), count(next({}, nil)), rawget(t, 1), rawequal(t, t))
show(count(pairs(t)), count(ipairs(t)), select(-2, "a", "b", "c"), select(3, "a", "b"))
show(string.byte("abc", 1, -1), count(string.byte("abc", 5)), string.byte("abc", -1))
show(assert(1, 2, 3), math.modf(3.7), math.modf(-2), load("syntax error here"))
show(pcall(string.rep, "ab", 3, "-"), pcall(select, "#", 1, nil, nil))
show(xpcall(error, function(m) return "handled: " .. m end, "oops"))
show(math.max(table.unpack(t)), math.min(5, 2.5, 9), tonumber("ff", 16), tonumber("z", 36))
show(select("#", table.unpack({}, 1, 40)), #{table.unpack(t, 1, 300)}, #{string.byte(string.rep("x", 500), 1, -1)})

-- Tail calls of library functions.
local function tail_gsub(x) return x:gsub("e", "E") end
local function tail_char(c) return string.char(c) end
local function tail_select(...) return select(2, ...) end
local function tail_assert(...) return assert(...) end
local function tail_find(x) return string.find(x, "(o)(t)") end
show(tail_gsub(s))
show(tail_char(72), tail_select(1, 2, 3))
show(tail_assert(true, "two", nil, "four"), tail_find(s), count(tail_select()))

-- Callbacks into Lua between the arguments and the results: the caller's
-- registers around the call keep their values.
local a1, a2, a3 = "one", 2, {}
local r1, r2 = s:gsub("(%w+)", function(w)
  local inner, n = w:gsub(".", function(c) return c:upper() end)
  return inner .. n
end)
show(a1, a2, type(a3), r1, r2)
local words = {}
for w in s:gmatch("%a+") do words[#words + 1] = w end
table.sort(words, function(x, y) return x:len() > y:len() or (x:len() == y:len() and x < y) end)
show(table.concat(words, ","), a1, a2)
local mt = {__tostring = function(o) return "obj<" .. o.id .. ">" end}
local o = setmetatable({id = 7}, mt)
show(string.format("%s and %s and %5.1f", o, tostring(o), 2.25), tostring(o), a1)

-- Iterators: more and fewer loop variables than results.
for k, v, extra in pairs({x = 1}) do show(k, v, extra) end
for i, v in ipairs({"p", "q"}) do show(i, v) end
for a, b, c in ("k1=v1;k2=v2"):gmatch("(%w+)=(%w+)") do show(a, b, c) end
for p, w in ("ab cd"):gmatch("()(%a+)") do show(p, w) end
for w in ("ab cd"):gmatch("%a+") do show(w) end

-- Library functions called with a list of their arguments: as
-- metamethods, replacements and handlers.
local proxy = setmetatable({}, {__index = rawget, __call = rawequal})
show(proxy.missing, proxy(proxy), proxy(1))
show(("hello world"):gsub("%w+", string.upper), ("a,b"):gsub("%w", {a = "A"}))
show(pcall(string.find, "abc", "b"), pcall(string.gsub, "aaa", "a", "b", 2), pcall(next, {}))
show(pcall(string.format, "%d|%s", 3, "x"), pcall(table.unpack, {1, 2}), count(pcall(ipairs, t)))

-- Errors, from a call in registers and from one through pcall.
local function try(f, ...) show(pcall(f, ...)) end
try(function() local x, y = string.find(s, "[") return x, y end)
try(string.find, s, "[")
try(function() local x = string.format("%y", 1) return x end)
try(string.format, "%d", 1.5)
try(function() return select(0, 1) end)
try(select, -3, 1)
try(function() local x = tonumber("10", 99) return x end)
try(tonumber, "10", 1)
try(function() local k, v = next(1) return k, v end)
try(function() local x = setmetatable(1, {}) return x end)
local guarded = setmetatable({}, {__metatable = "locked"})
try(function() local x = setmetatable(guarded, {}) return x end)
try(function() local x = setmetatable({}, 5) return x end)
local plain = setmetatable({}, {})
setmetatable(plain, nil)
show(getmetatable(plain), getmetatable(guarded), count(setmetatable(plain, nil)))
try(function() return assert(false, "custom") end)
try(function() return assert(nil) end)
try(function() error(setmetatable({}, {__tostring = function() return "E" end})) end)
try(function() error("lvl2", 2) end)
try(function() return s:gsub("%w", function() return {} end) end)
try(function() for w in ("x"):gmatch("(") do end end)

-- A hot loop of calls with several results, results dropped and cut.
local total = 0
for i = 1, 300 do
  local line = "item" .. i .. " = " .. i * 3
  local a, b, name, num = line:find("(%w+) = (%d+)")
  local rep, n = line:gsub("%d", "#")
  local x, y = next({i})
  line:gsub("i", "I")
  local lo, hi = string.byte(line, 1, 2)
  total = total + a + b + #name + tonumber(num) + #rep + n + x + y + lo + hi + math.max(i, 150)
    + select("#", string.byte(line, 1, -1)) + (select(2, line:find("=")))
end
print(total)
