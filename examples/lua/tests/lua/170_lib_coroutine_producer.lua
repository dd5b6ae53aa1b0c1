-- producer/consumer with coroutines
local function producer(items)
  return coroutine.create(function()
    for _, it in ipairs(items) do coroutine.yield(it) end
    return nil
  end)
end
local function filter(src, pred)
  return coroutine.create(function()
    while true do
      local ok, v = coroutine.resume(src)
      if not v then return nil end
      if pred(v) then coroutine.yield(v) end
    end
  end)
end
local function consume(src)
  local out = {}
  while true do
    local ok, v = coroutine.resume(src)
    if not v then break end
    out[#out + 1] = v
  end
  return out
end
local nums = {}
for i = 1, 20 do nums[i] = i end
local evens = filter(producer(nums), function(v) return v % 2 == 0 end)
local div3 = filter(evens, function(v) return v % 3 == 0 end)
print(table.concat(consume(div3), ","))
local function permgen(a, n)
  n = n or #a
  if n <= 1 then coroutine.yield(a) else
    for i = 1, n do
      a[n], a[i] = a[i], a[n]
      permgen(a, n - 1)
      a[n], a[i] = a[i], a[n]
    end
  end
end
local count = 0
for p in coroutine.wrap(function() permgen({1, 2, 3, 4}) end) do count = count + 1 end
print(count)
