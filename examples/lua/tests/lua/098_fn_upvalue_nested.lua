-- nested functions and upvalues several levels deep
local function level1()
  local a = 1
  return function()
    local b = 10
    return function()
      local c = 100
      return function()
        a = a + 1
        b = b + 1
        c = c + 1
        return a + b + c
      end
    end
  end
end
local l2 = level1()
local l3 = l2()
local f1 = l3()
local f2 = l3()
print(f1(), f1(), f2())
local f3 = l2()()
print(f3())
local function memo(f)
  local cache = {}
  return function(n)
    local v = cache[n]
    if v == nil then v = f(n); cache[n] = v end
    return v
  end
end
local calls = 0
local slow = memo(function(n) calls = calls + 1; return n * n end)
print(slow(4), slow(4), slow(5), calls)
local fibm
fibm = memo(function(n) if n < 2 then return n end return fibm(n - 1) + fibm(n - 2) end)
print(fibm(80))
