-- bitwise metamethods
local B = {}
local function bits(v) return setmetatable({v = v}, B) end
local function val(x) return type(x) == "table" and x.v or x end
B.__band = function(a, b) return bits(val(a) & val(b)) end
B.__bor = function(a, b) return bits(val(a) | val(b)) end
B.__bxor = function(a, b) return bits(val(a) ~ val(b)) end
B.__shl = function(a, b) return bits(val(a) << val(b)) end
B.__shr = function(a, b) return bits(val(a) >> val(b)) end
B.__bnot = function(a) return bits(~val(a)) end
local x = bits(12)
print((x & 10).v, (x | 3).v, (x ~ 5).v)
print((x << 2).v, (x >> 2).v, (~x).v)
print((3 & x).v, (1 << bits(4)).v)
local s = setmetatable({}, {__band = function() return "band called" end})
print(s & 1, 1 & s)
print(pcall(function() return {} | 1 end) == false)
print((pcall(function() return 1.5 | setmetatable({v = 1}, B) end)))
print((bits(6) & bits(3)).v, (~bits(0)).v)
