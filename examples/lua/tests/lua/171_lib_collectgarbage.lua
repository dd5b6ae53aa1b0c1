-- collectgarbage options that have deterministic results
print(collectgarbage())
print(collectgarbage("collect"))
print(type(collectgarbage("count")))
local before = collectgarbage("count")
local t = {}
for i = 1, 10000 do t[i] = {i} end
t = nil
collectgarbage()
print(type(collectgarbage("count")), before > 0)
print(collectgarbage("step") ~= nil)
print(collectgarbage("isrunning"))
collectgarbage("stop")
print(collectgarbage("isrunning"))
collectgarbage("restart")
print(collectgarbage("isrunning"))
print(math.type(collectgarbage("count")))
