-- basic coroutines
local co = coroutine.create(function(a, b)
  print("start", a, b)
  local c = coroutine.yield(a + b)
  print("got", c)
  local d, e = coroutine.yield(c * 2)
  print("got", d, e)
  return "done", a + b + c
end)
print(coroutine.status(co))
print(coroutine.resume(co, 1, 2))
print(coroutine.status(co))
print(coroutine.resume(co, 10))
print(coroutine.resume(co, "x", "y"))
print(coroutine.status(co))
print(coroutine.resume(co))
local gen = coroutine.wrap(function()
  for i = 1, 3 do coroutine.yield(i) end
end)
print(gen(), gen(), gen())
local function range(n)
  return coroutine.wrap(function() for i = 1, n do coroutine.yield(i, i * i) end end)
end
for i, sq in range(4) do io.write(i, ":", sq, " ") end
print()
local bad = coroutine.create(function() error("inside", 0) end)
print(coroutine.resume(bad))
print(coroutine.status(bad))
print(coroutine.isyieldable(), coroutine.running() ~= nil)
