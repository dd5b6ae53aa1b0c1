-- two closures sharing one upvalue
local function account(balance)
  local function deposit(v) balance = balance + v; return balance end
  local function withdraw(v)
    if v > balance then return nil, "insufficient" end
    balance = balance - v
    return balance
  end
  return deposit, withdraw
end
local dep, wd = account(100)
print(dep(50), wd(30), wd(500))
print(dep(0))
local dep2, wd2 = account(0)
print(dep2(5), dep(0))
local getters = {}
do
  local v = 1
  getters.get = function() return v end
  getters.set = function(nv) v = nv end
end
print(getters.get())
getters.set(42)
print(getters.get())
local function outer()
  local a = 0
  local function mid()
    local function inner() a = a + 1; return a end
    return inner
  end
  return mid(), mid(), function() return a end
end
local i1, i2, peek = outer()
i1(); i2(); i1()
print(peek())
