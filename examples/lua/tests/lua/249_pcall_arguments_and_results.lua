-- pcall and xpcall of Lua functions (their frames made with the arguments,
-- their results read there), of library functions and of callable tables:
-- any number of arguments and results, nils among them, errors with
-- strings and tables, nested and recursive calls, in a traced loop.
local function many(...) return ... end
local function three() return 1, 2, 3 end
local function none() end
local function fail(x) error("bad " .. tostring(x)) end
local function failt() error({code = 7}) end
print(pcall(many, 1, nil, 3, nil))
print(pcall(three), pcall(none), pcall(many))
print(select('#', pcall(many, nil, nil)), select('#', pcall(none)))
print(pcall(fail, 5), pcall(fail))
local ok, e = pcall(failt) print(ok, type(e), e.code)
print(pcall(pcall, fail, 1))
print(pcall(error))
print(pcall(setmetatable({}, {__call = function(self, a, b) return a + b, self ~= nil end}), 2, 3))
print(xpcall(many, print, "a", "b"), xpcall(three, print))
print(xpcall(fail, function(m) return "handled: " .. m end, 9))
print(pcall(string.rep, "ab", 3), pcall(string.rep))
local a, b, c, d = pcall(three)
print(a, b, c, d)
local t = {pcall(three)}
print(#t, t[1], t[4])
local function rec(n) if n == 0 then return 0 end local ok, v = pcall(rec, n - 1) return v + 1 end
print(rec(150))
local function vf(a, ...) return a, select('#', ...), ... end
print(pcall(vf, 1, 2, 3), xpcall(vf, print, 9))
local s = 0
for i = 1, 3000 do local ok, x, y = pcall(three); s = s + x + y + (ok and 1 or 0) end
print(s)
print(pcall(function() local t = nil; return t.x end))
