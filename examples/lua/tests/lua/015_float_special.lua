-- infinities, nan (without printing nan), fmod, modf
local inf = math.huge
print(inf, -inf, inf == 1/0, -inf == -1/0)
print(inf + 1 == inf, inf - inf ~= inf - inf)
print(inf > math.maxinteger, -inf < math.mininteger)
print(math.fmod(7, 3), math.fmod(-7, 3), math.fmod(7, -3))
print(math.fmod(7.5, 2), math.fmod(-7.5, 2))
print(math.type(math.fmod(7, 3)), math.type(math.fmod(7.0, 3)))
print(math.modf(3.7))
print(math.modf(-3.7))
print(math.modf(5))
print(math.modf(inf))
print(math.modf(-inf))
local nan = 0/0
print(nan ~= nan, math.type(nan))
local function isnan(x) return x ~= x end
print(isnan(nan), isnan(inf), isnan(0))
print(math.max(1, inf), math.min(-inf, 0))
print(math.floor(-0.5), math.ceil(-0.5))
print(1e308 * 10, -1e308 * 10)
print(2^1024, 2^-1080)
print(math.abs(-0.0), -(-0.0))
