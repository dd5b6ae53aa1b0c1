-- __pairs metamethod and __index with methods on proxies
local function ordered(t)
  return setmetatable({}, {__pairs = function()
    local keys = {}
    for k in next, t do keys[#keys + 1] = k end
    table.sort(keys)
    local i = 0
    return function()
      i = i + 1
      local k = keys[i]
      if k ~= nil then return k, t[k] end
    end
  end, __index = t})
end
local o = ordered({zebra = 1, apple = 2, mango = 3})
for k, v in pairs(o) do io.write(k, "=", v, " ") end
print()
print(o.apple, rawget(o, "apple"))
local count = 0
for _ in next, o do count = count + 1 end
print(count)
local proxy = setmetatable({}, {__pairs = function(t) return function(_, k) if not k then return 1, "one" end end, t, nil end})
for k, v in pairs(proxy) do print(k, v) end
