-- objects implemented with closures instead of tables of fields
local function newStack()
  local items, n = {}, 0
  local self = {}
  function self.push(v) n = n + 1; items[n] = v end
  function self.pop()
    if n == 0 then return nil end
    local v = items[n]
    items[n] = nil
    n = n - 1
    return v
  end
  function self.size() return n end
  return self
end
local s1, s2 = newStack(), newStack()
s1.push(1); s1.push(2); s2.push("x")
print(s1.size(), s2.size(), s1.pop(), s2.pop(), s2.pop(), s1.size())
local function newPoint(x, y)
  return {
    get = function() return x, y end,
    move = function(dx, dy) x, y = x + dx, y + dy end,
    str = function() return "(" .. x .. "," .. y .. ")" end,
  }
end
local p = newPoint(1, 2)
p.move(3, 4)
print(p.str(), p.get())
local function gen(seed)
  local state = seed
  return function()
    state = (state * 1103515245 + 12345) % 2147483648
    return state % 100
  end
end
local g1, g2 = gen(1), gen(1)
print(g1(), g1(), g1(), g2(), g2())
