-- uncaught error: numeric for with a nil initial value
local config = {stop = 3}
print("loop follows")
for i = 1, config.stop do
  print("first loop", i)
end
for i = config.start, config.stop do
  print(i)
end
print("never printed")
